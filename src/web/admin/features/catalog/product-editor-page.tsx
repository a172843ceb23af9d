/**
 * /admin/altaproducto and /admin/catalogo/producto/:catalogo_id (usage and keywords are mandatory): one form in
 * sections (general, photos, attributes and variants, piece, technical data, packaging, purchase, pickup, customs,
 * visibility), each a component of product-editor/ that takes the form. The variant grid is generated from the
 * attribute values (every combination, each with its SKU, barcode, price, stock); a colour gets its own photo.
 * Validated live by the shared zod contract, with the server's field errors put under their fields.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import {
  productInput,
  suggestedSku,
  type AdminProduct,
  type ProductInputParsed,
} from '../../../../shared/contracts/catalog-admin';
import { adminProductQuery, departmentsQuery, useSaveProduct } from './api/products';
import './catalog.css';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { EMPTY, combinations, comboKey, fromProduct, type Form, type Variant } from './product-editor/form';
import { SaveError } from './product-editor/save-error';
import { GeneralSection } from './product-editor/general-section';
import { PhotosSection } from './product-editor/photos-section';
import { VariantsSection } from './product-editor/variants-section';
import { PieceSections } from './product-editor/piece-sections';
import { PackagingSection } from './product-editor/packaging-section';
import { PurchaseSection } from './product-editor/purchase-section';
import { PickupCustomsSections } from './product-editor/pickup-customs-sections';
import { OfferPanel } from '../../shared/offers/offer-panel';
import { adminPaths } from '../../shared/paths';

export function ProductEditorPage() {
  const { catalogo_id: codigo } = useParams();
  const existing = useQuery({ ...adminProductQuery(codigo ?? ''), enabled: Boolean(codigo) });
  // A new product has no row to load; the departments it needs answer 403 just the same without the permission.
  const deps = useQuery(departmentsQuery());
  if (isForbidden(existing.error) || isForbidden(deps.error)) return <NoPermission />;
  if (codigo && existing.isPending) return <Loading />;
  if (codigo && existing.isError) return <Alert kind="error">{existing.error.message}</Alert>;
  if (existing.data?.isListing) return <ListingNotice name={existing.data.name} />;
  return (
    <>
      <ProductEditor key={codigo ?? 'new'} codigo={codigo} product={existing.data} />
      {codigo && existing.data && <OfferPanel codigo={existing.data.codigo} />}
    </>
  );
}

/** A listing's product is not edited here: its content follows the supplier's, its prices are set in Dropshipping. */
function ListingNotice({ name }: { name: string }) {
  const { t } = useTranslation('catalog');
  return (
    <section className="card stack" aria-labelledby="listing-notice">
      <h1 id="listing-notice">{name}</h1>
      <Alert kind="info">
        <strong>{t('editor.listing.title')}.</strong> {t('editor.listing.body')}
      </Alert>
      <div>
        <Link className="btn btn-primary" to={adminPaths.dropshipping()}>
          {t('editor.listing.go')}
        </Link>
      </div>
    </section>
  );
}

function ProductEditor({ codigo, product }: { codigo?: string; product?: AdminProduct }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveProduct(codigo);
  const form = useForm<Form, unknown, ProductInputParsed>({
    resolver: zodResolver(productInput, formSchemaOptions),
    defaultValues: product ? fromProduct(product) : EMPTY,
    mode: 'onTouched',
  });
  const { control, setValue, getValues, formState } = form;
  const fieldError = useFieldErrors(formState.errors);
  const attributes = useWatch({ control, name: 'attributes' });
  const justSaved = (location.state as { saved?: boolean } | null)?.saved;

  // The variant grid follows the attributes: every combination, keeping the rows already filled in.
  const attrKey = JSON.stringify(attributes ?? {});
  useEffect(() => {
    const current = getValues('variants') ?? [];
    const byKey = new Map(current.map((v) => [comboKey(v.options), v]));
    const last = current[current.length - 1];
    const next: Variant[] = combinations(attributes).map((options) => {
      const kept = byKey.get(comboKey(options));
      return (
        kept ?? {
          options,
          sku: suggestedSku(getValues('name') ?? '', options),
          barcode: '',
          priceCents: last?.priceCents ?? 0,
          stock: last?.stock ?? 0,
        }
      );
    });
    if (JSON.stringify(next) !== JSON.stringify(current))
      setValue('variants', next, { shouldValidate: formState.isSubmitted });
    // Colour photos of colours no longer listed go away.
    const colours = attributes?.color ?? [];
    const cp = getValues('colourPhotos') ?? {};
    if (Object.keys(cp).some((c) => !colours.includes(c)))
      setValue('colourPhotos', Object.fromEntries(Object.entries(cp).filter(([c]) => colours.includes(c))));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attrKey]);

  const submit = form.handleSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: (p) =>
          navigate(`/admin/catalogo/producto/${encodeURIComponent(p.codigo)}`, { state: { saved: true } }),
        onError: (err) => setServerFieldErrors(err, form.setError),
      }),
    () => {
      const first = document.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
    },
  );

  return (
    <form className="stack product-editor" onSubmit={submit} noValidate>
      <div className="toolbar">
        <h1 style={{ margin: 0 }}>{product ? t('editor.editTitle', { name: product.name }) : t('editor.newTitle')}</h1>
        <Link to="/admin/catalogo">{t('editor.back')}</Link>
      </div>
      {product && (
        <p className="small muted">
          {t('editor.model')}: <strong data-testid="product-model">{product.model}</strong> · {t('editor.code')}:{' '}
          {product.codigo}
          {product.archived && <span className="badge"> {t('list.archivedBadge')}</span>}
        </p>
      )}
      {justSaved && !save.isPending && !formState.isDirty && <Alert kind="success">{t('editor.saved')}</Alert>}
      {save.error && <SaveError error={save.error} />}
      {formState.submitCount > 0 && !formState.isValid && Object.keys(formState.errors).length > 0 && (
        <Alert kind="error">{t('editor.fixErrors')}</Alert>
      )}

      <GeneralSection form={form} fieldError={fieldError} />
      <PhotosSection form={form} fieldError={fieldError} />
      <VariantsSection form={form} fieldError={fieldError} />
      <PieceSections form={form} fieldError={fieldError} />
      <PackagingSection form={form} fieldError={fieldError} />
      <PurchaseSection form={form} fieldError={fieldError} />
      <PickupCustomsSections form={form} fieldError={fieldError} />

      <div className="editor-actions">
        <Button type="submit" busy={save.isPending}>
          {product ? t('editor.save') : t('editor.create')}
        </Button>
        <Link to="/admin/catalogo">{t('editor.cancel')}</Link>
      </div>
    </form>
  );
}
