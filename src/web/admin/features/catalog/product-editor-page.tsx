/**
 * /admin/altaproducto and /admin/catalogo/producto/:catalogo_id (usage and keywords are
 * mandatory): one form in sections (general, photos, attributes and variants, piece, technical data, packaging,
 * purchase, pickup, customs, visibility). The variant grid is generated from the attribute values (every combination,
 * each with its SKU, barcode, price, stock); a colour gets its own photo. Validated live by the shared zod contract,
 * with the server's field errors put under their fields.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { Loading } from '../../../components/ui/loading';
import { ProductImage } from '../../../components/ui/product-image';
import {
  ATTRIBUTE_KINDS,
  INDUSTRIES,
  PACKAGING_TYPES,
  PAYMENT_OPTIONS,
  PROTECTIONS,
  cubicMeters,
  productInput,
  suggestedSku,
  type AdminProduct,
  type AttributeKind,
  type ProductInput,
  type ProductInputParsed,
} from '../../../../shared/contracts/catalog-admin';
import { adminProductQuery, departmentsQuery, hsCodesQuery, useSaveProduct } from './api/products';
import { ApiError } from '../../../lib/api-client';
import { FileField, acceptFor, checkFile, uploadFile } from '../../shared/files';
import type { CompanySection } from '../../../../shared/contracts/company';
import './catalog.css';
import { isForbidden, NoPermission } from '../../shared/no-permission';
import { can, useSellerMe } from '../../shared/seller-me';

type Form = ProductInput;
type Variant = NonNullable<Form['variants']>[number];

const EMPTY: Form = {
  industry: '' as Form['industry'],
  department: '',
  category: '',
  name: '',
  shortDescription: '',
  description: '',
  usage: '',
  keywords: [],
  brand: '',
  hsCode: '',
  origin: 'MX',
  visible: true,
  attributes: {},
  variants: [{ options: {}, sku: '', barcode: '', priceCents: 0, stock: 0 }],
  dimensions: { lengthCm: 1, widthCm: 1, heightCm: 1, weightGrams: 1 },
  specifications: [],
  packaging: {
    type: 'cardboard_box',
    photo: null,
    piecesPerPackage: 1,
    internalPackaging: '',
    lengthCm: 1,
    widthCm: 1,
    heightCm: 1,
    grossWeightGrams: 1,
    netWeightGrams: 1,
  },
  purchase: {
    unitOfSale: '',
    minOrderQty: 1,
    quantityMin: null,
    quantityMax: null,
    deliveryDaysMin: null,
    deliveryDaysMax: null,
    sample: false,
    samplePriceCents: null,
    paymentOptions: [],
    protections: [],
    customization: '',
    monthlyCapacity: null,
    containers: '',
  },
  pickup: { available: false, countryCode: 'MX', postalCode: '', address: '', notes: '' },
  photos: [],
  coverFileId: null,
  colourPhotos: {},
};

function fromProduct(p: AdminProduct): Form {
  const { packaging, variants } = p;
  return {
    ...EMPTY,
    ...p,
    industry: p.industry as Form['industry'],
    packaging: { ...packaging },
    variants: variants.map((v) => ({ ...v, barcode: v.barcode ?? '' })),
  };
}

const intOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

/** All combinations of the attribute values with values, in ATTRIBUTE_KINDS order. */
function combinations(attributes: Form['attributes']): Partial<Record<AttributeKind, string>>[] {
  const kinds = ATTRIBUTE_KINDS.filter((k) => (attributes?.[k]?.length ?? 0) > 0);
  let out: Partial<Record<AttributeKind, string>>[] = [{}];
  for (const k of kinds) out = out.flatMap((o) => attributes![k]!.map((v) => ({ ...o, [k]: v })));
  return out;
}

const comboKey = (o: Partial<Record<AttributeKind, string>> | undefined) =>
  ATTRIBUTE_KINDS.map((k) => o?.[k] ?? '').join('\u0000');

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <fieldset className="card editor-section" id={id}>
      <legend>{title}</legend>
      <div className="editor-grid">{children}</div>
    </fieldset>
  );
}

/** Comma-separated list input kept as an array in the form. */
function ListInput({
  label,
  hint,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  hint?: string;
  value: string[];
  onChange: (v: string[]) => void;
  error?: string;
  testId?: string;
}) {
  const [text, setText] = useState(value.join(', '));
  useEffect(() => {
    const parsed = text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (parsed.join('\u0000') !== value.join('\u0000')) setText(value.join(', '));
    // Only when the form value changes from outside (reset), not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value.join('\u0000')]);
  return (
    <TextField
      label={label}
      hint={hint}
      value={text}
      error={error}
      data-testid={testId}
      onChange={(e) => {
        setText(e.target.value);
        onChange(
          e.target.value
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        );
      }}
    />
  );
}

/** Price in pesos with centavos, kept as integer centavos in the form. */
function PesosInput({
  label,
  cents,
  onChange,
  error,
  hideLabel,
}: {
  label: string;
  cents: number | null | undefined;
  onChange: (c: number | null) => void;
  error?: string;
  hideLabel?: boolean;
}) {
  const [text, setText] = useState(cents ? (cents / 100).toFixed(2) : '');
  return (
    <TextField
      label={label}
      className={hideLabel ? 'label-hidden' : ''}
      inputMode="decimal"
      value={text}
      error={error}
      onChange={(e) => {
        setText(e.target.value);
        const n = Number(e.target.value.replace(',', '.'));
        onChange(e.target.value.trim() === '' ? null : Number.isFinite(n) ? Math.round(n * 100) : NaN);
      }}
    />
  );
}

/** The gallery's picker: several photos at once, each checked in the browser, then uploaded as product_photo. */
function GalleryPicker({ onUploaded }: { onUploaded: (f: { fileId: string; url: string }) => void }) {
  const { t } = useTranslation(['catalog', 'errors', 'files']);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="field">
      <label htmlFor={id}>{t('photos.gallery')}</label>
      <span id={`${id}-rule`} className="field-hint">
        {t('photos.rules')}
      </span>
      <input
        id={id}
        type="file"
        accept={acceptFor('product_photo')}
        multiple
        data-testid="gallery-input"
        aria-describedby={`${id}-rule${problem ? ` ${id}-error` : ''}`}
        onChange={async (e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          setProblem(null);
          setBusy(true);
          try {
            for (const file of files) {
              const local = await checkFile('product_photo', file);
              if (local) {
                setProblem(`${file.name}: ${t(`errors:${local.code}`, local.params)}`);
                continue;
              }
              const stored = await uploadFile('product_photo', file).catch((err: unknown) => {
                setProblem(`${file.name}: ${err instanceof ApiError ? err.message : t('files:uploadFailed')}`);
                return null;
              });
              if (stored) onUploaded({ fileId: stored.id, url: stored.url });
            }
          } finally {
            setBusy(false);
          }
        }}
      />
      {busy && (
        <span className="small" role="status">
          {t('photos.uploading')}
        </span>
      )}
      {problem && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </span>
      )}
    </div>
  );
}

/**
 * The server's refusal of a product for an incomplete company profile (422 COMPANY_PROFILE_INCOMPLETE, decision 115):
 * its message, then a link per missing field to the company form that holds it, with the field focused there.
 */
function SaveError({ error }: { error: Error }) {
  const { t } = useTranslation(['catalog', 'company']);
  const me = useSellerMe();
  const canEditProfile = can(me.data, 'settings');
  const ref = useRef<HTMLDivElement>(null);
  // The button is at the foot of a long form: bring the refusal into view.
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'center' });
    ref.current?.focus();
  }, [error]);
  const gaps =
    error instanceof ApiError && error.code === 'COMPANY_PROFILE_INCOMPLETE'
      ? ((error.params.gaps ?? []) as { section: CompanySection; field: string }[])
      : [];
  return (
    <div ref={ref} tabIndex={-1} className="editor-save-error">
      <Alert kind="error">
        <p className="editor-save-error-text">{error.message}</p>
        {gaps.length > 0 && (
          <ul className="editor-profile-gaps" aria-label={t('editor.profileMissing')}>
            {gaps.map((g) => {
              const field = t(`company:gaps.${g.field}`);
              return (
                <li key={`${g.section}-${g.field}`}>
                  {/* Mis datos needs the settings permission: without it, the field's name, not a closed door. */}
                  {canEditProfile ? (
                    <Link to={`/admin/mis-datos?seccion=${g.section}&campo=${encodeURIComponent(g.field)}`}>
                      {t('company:progress.goTo', { field })}
                    </Link>
                  ) : (
                    field
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {gaps.length > 0 && !canEditProfile && <p>{t('editor.profileAskOwner')}</p>}
      </Alert>
    </div>
  );
}

export function ProductEditorPage() {
  const { catalogo_id: codigo } = useParams();
  const existing = useQuery({ ...adminProductQuery(codigo ?? ''), enabled: Boolean(codigo) });
  // A new product has no row to load; the departments it needs answer 403 just the same without the permission.
  const deps = useQuery(departmentsQuery());
  if (isForbidden(existing.error) || isForbidden(deps.error)) return <NoPermission />;
  if (codigo && existing.isPending) return <Loading />;
  if (codigo && existing.isError) return <Alert kind="error">{existing.error.message}</Alert>;
  return <ProductEditor key={codigo ?? 'new'} codigo={codigo} product={existing.data} />;
}

function ProductEditor({ codigo, product }: { codigo?: string; product?: AdminProduct }) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const location = useLocation();
  const save = useSaveProduct(codigo);
  const deps = useQuery(departmentsQuery());
  const form = useForm<Form, unknown, ProductInputParsed>({
    resolver: zodResolver(productInput, formSchemaOptions),
    defaultValues: product ? fromProduct(product) : EMPTY,
    mode: 'onTouched',
  });
  const { register, control, setValue, getValues, formState } = form;
  const fieldError = useFieldErrors(formState.errors);
  const specs = useFieldArray({ control, name: 'specifications' });
  const attributes = useWatch({ control, name: 'attributes' });
  const name = useWatch({ control, name: 'name' });
  const department = useWatch({ control, name: 'department' });
  const photos = useWatch({ control, name: 'photos' }) ?? [];
  const colourPhotos = useWatch({ control, name: 'colourPhotos' }) ?? {};
  const coverFileId = useWatch({ control, name: 'coverFileId' });
  const pk = useWatch({ control, name: 'packaging' });
  const sample = useWatch({ control, name: 'purchase.sample' });
  const pickup = useWatch({ control, name: 'pickup.available' });
  const [hsQuery, setHsQuery] = useState('');
  const hs = useQuery(hsCodesQuery(hsQuery));
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
  const variants = useWatch({ control, name: 'variants' }) ?? [];

  const categories = useMemo(
    () => deps.data?.find((d) => d.name.toLowerCase() === (department ?? '').toLowerCase())?.categories ?? [],
    [deps.data, department],
  );

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

      <Section id="general" title={t('section.general')}>
        <SelectField label={t('field.industry')} {...register('industry')} error={fieldError('industry')}>
          <option value="">{t('field.choose')}</option>
          {INDUSTRIES.map((i) => (
            <option key={i} value={i}>
              {t(`industry.${i}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('field.department')}
          list="dept-list"
          autoComplete="off"
          {...register('department')}
          error={fieldError('department')}
        />
        <datalist id="dept-list">
          {deps.data?.map((d) => (
            <option key={d.slug} value={d.name} />
          ))}
        </datalist>
        <TextField
          label={t('field.category')}
          list="cat-list"
          autoComplete="off"
          {...register('category')}
          error={fieldError('category')}
        />
        <datalist id="cat-list">
          {categories.map((c) => (
            <option key={c.slug} value={c.name} />
          ))}
        </datalist>
        <TextField
          className="span-2"
          label={t('field.name')}
          {...register('name')}
          error={fieldError('name')}
          hint={`${(name ?? '').length}/120`}
          maxLength={120}
        />
        <TextArea
          label={t('field.shortDescription')}
          {...register('shortDescription')}
          error={fieldError('shortDescription')}
          max={300}
          control={control}
          name="shortDescription"
        />
        <TextArea
          label={t('field.description')}
          {...register('description')}
          error={fieldError('description')}
          max={5000}
          control={control}
          name="description"
        />
        <TextArea
          label={t('field.usage')}
          {...register('usage')}
          error={fieldError('usage')}
          max={1000}
          control={control}
          name="usage"
        />
        <Controller
          control={control}
          name="keywords"
          render={({ field }) => (
            <ListInput
              label={t('field.keywords')}
              hint={t('field.keywordsHint')}
              value={field.value ?? []}
              onChange={field.onChange}
              error={fieldError('keywords')}
            />
          )}
        />
        <TextField label={t('field.brand')} {...register('brand')} error={fieldError('brand')} />
        <TextField
          label={t('field.origin')}
          hint={t('field.originHint')}
          maxLength={2}
          {...register('origin', { setValueAs: (v: string) => v.toUpperCase() })}
          error={fieldError('origin')}
        />
      </Section>

      <Section id="photos" title={t('section.photos')}>
        <div className="span-2">
          <GalleryPicker
            onUploaded={(f) => {
              const list = [...(getValues('photos') ?? []), f];
              setValue('photos', list, { shouldDirty: true });
              if (!getValues('coverFileId')) setValue('coverFileId', f.fileId, { shouldDirty: true });
            }}
          />
          {photos.length === 0 ? (
            <p className="small muted">{t('photos.none')}</p>
          ) : (
            <ul className="photo-list" aria-label={t('photos.gallery')}>
              {photos.map((p, i) => (
                <li key={p.fileId}>
                  <ProductImage base={p.url} alt={t('photos.photoN', { n: i + 1 })} sizes="96px" />
                  <label className="small">
                    <input
                      type="radio"
                      name="cover"
                      checked={coverFileId === p.fileId}
                      onChange={() => setValue('coverFileId', p.fileId, { shouldDirty: true })}
                    />{' '}
                    {t('photos.cover')}
                  </label>
                  <Button
                    variant="ghost"
                    aria-label={t('photos.removeN', { n: i + 1 })}
                    onClick={() => {
                      const list = photos.filter((x) => x.fileId !== p.fileId);
                      setValue('photos', list, { shouldDirty: true });
                      if (coverFileId === p.fileId) setValue('coverFileId', list[0]?.fileId ?? null);
                    }}
                  >
                    {t('photos.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {fieldError('coverFileId') && <span className="field-error">{fieldError('coverFileId')}</span>}
        </div>
      </Section>

      <Section id="variants" title={t('section.variants')}>
        <p className="small muted span-2">{t('variants.help')}</p>
        {ATTRIBUTE_KINDS.map((k) => (
          <Controller
            key={k}
            control={control}
            name={`attributes.${k}`}
            render={({ field }) => (
              <ListInput
                label={t(`attribute.${k}`)}
                hint={t('variants.valuesHint')}
                value={field.value ?? []}
                onChange={(v) => field.onChange(v.length ? v : undefined)}
                error={fieldError(`attributes.${k}`)}
                testId={`attribute-${k}`}
              />
            )}
          />
        ))}
        {(attributes?.color?.length ?? 0) > 0 && (
          <div className="span-2">
            <h3 className="editor-sub">{t('photos.perColour')}</h3>
            <ul className="photo-list">
              {attributes!.color!.map((c) => (
                <li key={c}>
                  <FileField
                    label={t('photos.colourPhoto', { colour: c })}
                    purpose="colour_photo"
                    value={colourPhotos[c] ? { id: colourPhotos[c].fileId, url: colourPhotos[c].url } : null}
                    onChange={(f) => {
                      const next = { ...getValues('colourPhotos') };
                      if (f) next[c] = { fileId: f.id, url: f.url };
                      else delete next[c];
                      setValue('colourPhotos', next, { shouldDirty: true });
                    }}
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className="span-2 table-wrap">
          <table className="data-table variant-grid">
            <caption>{t('variants.grid', { count: variants.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('variants.variant')}</th>
                <th scope="col">{t('variants.sku')}</th>
                <th scope="col">{t('variants.barcode')}</th>
                <th scope="col">{t('variants.price')}</th>
                <th scope="col">{t('variants.stock')}</th>
              </tr>
            </thead>
            <tbody>
              {variants.map((v, i) => {
                const label =
                  ATTRIBUTE_KINDS.map((k) => v.options?.[k])
                    .filter(Boolean)
                    .join(' / ') || t('variants.single');
                return (
                  <tr key={comboKey(v.options)}>
                    <th scope="row">
                      {label}
                      {fieldError(`variants.${i}.options`) && (
                        <span className="field-error">{fieldError(`variants.${i}.options`)}</span>
                      )}
                    </th>
                    <td>
                      <TextField
                        className="label-hidden"
                        label={`${t('variants.sku')} ${label}`}
                        placeholder={t('variants.skuAuto')}
                        {...register(`variants.${i}.sku`)}
                        error={fieldError(`variants.${i}.sku`)}
                      />
                    </td>
                    <td>
                      <TextField
                        className="label-hidden"
                        label={`${t('variants.barcode')} ${label}`}
                        inputMode="numeric"
                        {...register(`variants.${i}.barcode`)}
                        error={fieldError(`variants.${i}.barcode`)}
                      />
                    </td>
                    <td>
                      <Controller
                        control={control}
                        name={`variants.${i}.priceCents`}
                        render={({ field }) => (
                          <PesosInput
                            hideLabel
                            label={`${t('variants.price')} ${label}`}
                            cents={field.value}
                            onChange={(c) => field.onChange(c ?? NaN)}
                            error={fieldError(`variants.${i}.priceCents`)}
                          />
                        )}
                      />
                    </td>
                    <td>
                      <TextField
                        className="label-hidden"
                        label={`${t('variants.stock')} ${label}`}
                        type="number"
                        min={0}
                        inputMode="numeric"
                        {...register(`variants.${i}.stock`, { valueAsNumber: true })}
                        error={fieldError(`variants.${i}.stock`)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          {fieldError('variants') && <span className="field-error">{fieldError('variants')}</span>}
          <p className="small muted">{t('variants.skuAutoHint')}</p>
        </div>
      </Section>

      <Section id="piece" title={t('section.piece')}>
        {(['lengthCm', 'widthCm', 'heightCm', 'weightGrams'] as const).map((k) => (
          <TextField
            key={k}
            label={t(`field.${k}`)}
            type="number"
            min={1}
            inputMode="numeric"
            {...register(`dimensions.${k}`, { valueAsNumber: true })}
            error={fieldError(`dimensions.${k}`)}
          />
        ))}
      </Section>

      <Section id="specs" title={t('section.specs')}>
        {specs.fields.map((f, i) => (
          <div key={f.id} className="span-2 spec-row">
            <TextField
              label={t('field.specLabel')}
              {...register(`specifications.${i}.label`)}
              error={fieldError(`specifications.${i}.label`)}
            />
            <TextField
              label={t('field.specValue')}
              {...register(`specifications.${i}.value`)}
              error={fieldError(`specifications.${i}.value`)}
            />
            <Button variant="ghost" onClick={() => specs.remove(i)} aria-label={t('field.specRemoveN', { n: i + 1 })}>
              {t('field.specRemove')}
            </Button>
          </div>
        ))}
        <div className="span-2">
          <Button variant="secondary" onClick={() => specs.append({ label: '', value: '' })}>
            {t('field.specAdd')}
          </Button>
        </div>
      </Section>

      <Section id="packaging" title={t('section.packaging')}>
        <SelectField
          label={t('field.packagingType')}
          {...register('packaging.type')}
          error={fieldError('packaging.type')}
        >
          {PACKAGING_TYPES.map((p) => (
            <option key={p} value={p}>
              {t(`packagingType.${p}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('field.piecesPerPackage')}
          type="number"
          min={1}
          {...register('packaging.piecesPerPackage', { valueAsNumber: true })}
          error={fieldError('packaging.piecesPerPackage')}
        />
        <TextField
          label={t('field.internalPackaging')}
          {...register('packaging.internalPackaging')}
          error={fieldError('packaging.internalPackaging')}
        />
        {/* The piece's own size is asked in its section above; these are the package's, each labelled as such. */}
        <p className="span-2 small muted">{t('field.packagingHint')}</p>
        <div className="span-2">
          <Button
            variant="secondary"
            onClick={() => {
              const d = getValues('dimensions');
              const opts = { shouldDirty: true, shouldValidate: formState.isSubmitted };
              setValue('packaging.lengthCm', d.lengthCm, opts);
              setValue('packaging.widthCm', d.widthCm, opts);
              setValue('packaging.heightCm', d.heightCm, opts);
              setValue('packaging.grossWeightGrams', d.weightGrams, opts);
              setValue('packaging.netWeightGrams', d.weightGrams, opts);
            }}
          >
            {t('field.copyPiece')}
          </Button>
        </div>
        {(
          [
            ['lengthCm', 'packageLengthCm'],
            ['widthCm', 'packageWidthCm'],
            ['heightCm', 'packageHeightCm'],
            ['grossWeightGrams', 'grossWeightGrams'],
            ['netWeightGrams', 'netWeightGrams'],
          ] as const
        ).map(([k, label]) => (
          <TextField
            key={k}
            label={t(`field.${label}`)}
            type="number"
            min={1}
            inputMode="numeric"
            {...register(`packaging.${k}`, { valueAsNumber: true })}
            error={fieldError(`packaging.${k}`)}
          />
        ))}
        <p className="span-2" aria-live="polite">
          {t('field.cubicMeters')}:{' '}
          <strong data-testid="cubic-meters">
            {Number.isFinite(pk?.lengthCm) && Number.isFinite(pk?.widthCm) && Number.isFinite(pk?.heightCm)
              ? cubicMeters(pk!.lengthCm!, pk!.widthCm!, pk!.heightCm!).toFixed(6)
              : '—'}
          </strong>{' '}
          m³
        </p>
        <div className="span-2">
          <FileField
            label={t('field.packagingPhoto')}
            purpose="packaging_photo"
            value={pk?.photo ? { id: pk.photo.fileId, url: pk.photo.url } : null}
            onChange={(f) =>
              setValue('packaging.photo', f ? { fileId: f.id, url: f.url } : null, { shouldDirty: true })
            }
          />
        </div>
      </Section>

      <Section id="purchase" title={t('section.purchase')}>
        <TextField
          label={t('field.unitOfSale')}
          hint={t('field.unitOfSaleHint')}
          {...register('purchase.unitOfSale')}
          error={fieldError('purchase.unitOfSale')}
        />
        <TextField
          label={t('field.minOrderQty')}
          type="number"
          min={1}
          {...register('purchase.minOrderQty', { valueAsNumber: true })}
          error={fieldError('purchase.minOrderQty')}
        />
        {(['quantityMin', 'quantityMax', 'deliveryDaysMin', 'deliveryDaysMax', 'monthlyCapacity'] as const).map((k) => (
          <TextField
            key={k}
            label={t(`field.${k}`)}
            type="number"
            min={0}
            {...register(`purchase.${k}`, { setValueAs: intOrNull })}
            error={fieldError(`purchase.${k}`)}
          />
        ))}
        <label className="check span-2">
          <input type="checkbox" {...register('purchase.sample')} /> {t('field.sample')}
        </label>
        {sample && (
          <Controller
            control={control}
            name="purchase.samplePriceCents"
            render={({ field }) => (
              <PesosInput
                label={t('field.samplePrice')}
                cents={field.value}
                onChange={field.onChange}
                error={fieldError('purchase.samplePriceCents')}
              />
            )}
          />
        )}
        <fieldset className="span-2 checks">
          <legend>{t('field.paymentOptions')}</legend>
          {PAYMENT_OPTIONS.map((o) => (
            <label key={o} className="check">
              <input type="checkbox" value={o} {...register('purchase.paymentOptions')} /> {t(`payment.${o}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="span-2 checks">
          <legend>{t('field.protections')}</legend>
          {PROTECTIONS.map((o) => (
            <label key={o} className="check">
              <input type="checkbox" value={o} {...register('purchase.protections')} /> {t(`protection.${o}`)}
            </label>
          ))}
        </fieldset>
        <TextField
          label={t('field.customization')}
          {...register('purchase.customization')}
          error={fieldError('purchase.customization')}
        />
        <TextField
          label={t('field.containers')}
          {...register('purchase.containers')}
          error={fieldError('purchase.containers')}
        />
      </Section>

      <Section id="pickup" title={t('section.pickup')}>
        <label className="check span-2">
          <input type="checkbox" {...register('pickup.available')} /> {t('field.pickupAvailable')}
        </label>
        {pickup && (
          <>
            <TextField
              label={t('field.pickupCountry')}
              maxLength={2}
              {...register('pickup.countryCode', { setValueAs: (v: string) => v.toUpperCase() })}
              error={fieldError('pickup.countryCode')}
            />
            <TextField
              label={t('field.pickupPostalCode')}
              {...register('pickup.postalCode')}
              error={fieldError('pickup.postalCode')}
            />
            <TextField
              className="span-2"
              label={t('field.pickupAddress')}
              {...register('pickup.address')}
              error={fieldError('pickup.address')}
            />
            <TextField
              className="span-2"
              label={t('field.pickupNotes')}
              {...register('pickup.notes')}
              error={fieldError('pickup.notes')}
            />
          </>
        )}
      </Section>

      <Section id="customs" title={t('section.customs')}>
        <TextField
          label={t('field.hsCode')}
          hint={t('field.hsCodeHint')}
          inputMode="numeric"
          maxLength={6}
          {...register('hsCode')}
          error={fieldError('hsCode')}
        />
        <div>
          <TextField
            label={t('field.hsSearch')}
            type="search"
            value={hsQuery}
            onChange={(e) => setHsQuery(e.target.value)}
          />
          {hs.data && hs.data.length > 0 && (
            <ul className="hs-results" aria-label={t('field.hsResults')}>
              {hs.data.map((c) => (
                <li key={c.code}>
                  <button
                    type="button"
                    className="btn btn-ghost"
                    onClick={() => setValue('hsCode', c.code, { shouldDirty: true, shouldValidate: true })}
                  >
                    <strong>{c.code}</strong> {c.description}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {hs.data?.length === 0 && <p className="small muted">{t('field.hsNone')}</p>}
        </div>
      </Section>

      <Section id="visibility" title={t('section.visibility')}>
        <label className="check span-2">
          <input type="checkbox" {...register('visible')} /> {t('field.visible')}
        </label>
      </Section>

      <div className="editor-actions">
        <Button type="submit" busy={save.isPending}>
          {product ? t('editor.save') : t('editor.create')}
        </Button>
        <Link to="/admin/catalogo">{t('editor.cancel')}</Link>
      </div>
    </form>
  );
}

/** A labelled textarea with a live character counter. */
function TextArea({
  label,
  error,
  max,
  control,
  name,
  ...rest
}: {
  label: string;
  error?: string;
  max: number;
  control: Control<Form>;
  name: 'shortDescription' | 'description' | 'usage';
} & React.TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: React.Ref<HTMLTextAreaElement> }) {
  const id = useId();
  const value = useWatch({ control, name }) ?? '';
  return (
    <div className="field span-2">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name={name}
        rows={3}
        maxLength={max}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        {...rest}
      />
      <span id={`${id}-count`} className="field-hint">
        {value.length}/{max}
      </span>
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}
