/**
 * What the six company forms share: a form bound to its section's contract and save mutation, field bindings (id,
 * text for the character counter, registration, translated error), file, checkbox and photo controls, and the list of
 * repeated fieldsets of contacts and certificates. The frame of each form is section-form.tsx. Each form is validated
 * by its shared zod contract (src/shared/contracts/company.ts) and saved on its own; the fields a store needs before
 * its first product carry a required mark, from the same rule the server applies (`isRequiredCompanyField`, decision
 * 115), and every other field says "optional".
 */
import { useEffect, type ReactNode } from 'react';
import {
  Controller,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../components/ui/button';
import { FileField } from '../../shared/files';
import type { FilePurpose } from '../../../../shared/contracts/files';
import { COMPANY_LIMITS, type CompanySection, type FileRef } from '../../../../shared/contracts/company';
import { useSaveCompanySection } from './api/company-profile';

type Schema = z.ZodType<FieldValues, FieldValues>;

/** A react-hook-form form bound to a section's contract and its save mutation. */
export function useSectionForm<S extends Schema>(section: CompanySection, schema: S, values: z.input<S>) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never, formSchemaOptions) as never,
    defaultValues: values as DefaultValues<z.input<S>>,
  });
  const save = useSaveCompanySection<z.output<S>>(section);
  const submit = form.handleSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => form.reset(form.getValues()),
      onError: (err) => setServerFieldErrors(err, form.setError),
    }),
  );
  // Editing again hides the last "Saved." message.
  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (dirty && save.isSuccess) save.reset();
  }, [dirty, save]);
  const error = save.error ? (save.error instanceof ApiError ? save.error.message : String(save.error)) : null;
  return { form, save, submit, error };
}

/** The id of a form field by its (dotted) name: what the progress links focus. */
export const fid = (name: string) => `co-${name.replace(/\./g, '-')}`;

/**
 * The props binding a text field of a section form to the form value `name` (dotted for lists, `contacts.0.name`):
 * its id, its current text (for the character counter), its registration and its translated error.
 */
export function useBind<T extends FieldValues>(form: UseFormReturn<T>) {
  const fe = useFieldErrors(form.formState.errors);
  return (name: string) => ({
    id: fid(name),
    value: (form.watch(name as Path<T>) as string | null | undefined) ?? '',
    ...form.register(name as Path<T>),
    error: fe(name as Path<T>),
  });
}

/** A file field of a form (files module upload), bound to the form value `{ id, url } | null`. */
export function FileControl<T extends FieldValues>({
  form,
  name,
  label,
  purpose,
  document,
  error,
}: {
  form: UseFormReturn<T>;
  name: string;
  label: string;
  purpose: FilePurpose;
  document?: boolean;
  error?: string;
}) {
  return (
    <Controller
      control={form.control}
      name={name as never}
      render={({ field }) => (
        <FileField
          label={label}
          purpose={purpose}
          document={document}
          value={(field.value as FileRef | null | undefined) ?? null}
          onChange={(v) => field.onChange(v)}
          error={error}
        />
      )}
    />
  );
}

/** A group of checkboxes bound to a list value of the form. */
export function Checkboxes<T extends FieldValues>({
  form,
  name,
  legend,
  options,
  label,
}: {
  form: UseFormReturn<T>;
  name: string;
  legend: string;
  options: readonly string[];
  label: (o: string) => string;
}) {
  return (
    <fieldset className="field company-checks" id={fid(name)}>
      <legend>{legend}</legend>
      <div className="company-check-grid">
        {options.map((o) => (
          <label key={o} className="company-check">
            <input type="checkbox" value={o} {...form.register(name as never)} /> {label(o)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The company photos: the uploaded ones with a Remove button each, and an upload field that adds one more. */
export function PhotosControl<T extends FieldValues>({ form, label }: { form: UseFormReturn<T>; label: string }) {
  const { t } = useTranslation(['company', 'files']);
  return (
    <Controller
      control={form.control}
      name={'photos' as never}
      render={({ field }) => {
        const photos = (field.value as FileRef[] | undefined) ?? [];
        return (
          <fieldset className="field" id={fid('photos')}>
            <legend>{label}</legend>
            {photos.length > 0 && (
              <ul className="company-photos">
                {photos.map((p, i) => (
                  <li key={p.id}>
                    <img src={`${p.url}-160.webp`} alt={`${label} ${i + 1}`} width={80} height={80} />
                    <Button variant="ghost" onClick={() => field.onChange(photos.filter((x) => x.id !== p.id))}>
                      {t('files:remove')}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            {photos.length < COMPANY_LIMITS.photos && (
              <FileField
                label={t('company:photosAdd')}
                purpose="company_photo"
                value={null}
                onChange={(v) => v && field.onChange([...photos, v])}
              />
            )}
          </fieldset>
        );
      }}
    />
  );
}

/**
 * A list of repeated fieldsets (contacts, certificates): a line when there is none, each item in a fieldset with its
 * legend and a Remove button, then an Add button while the list is under its limit.
 */
export function RepeatedFieldset({
  fields,
  empty,
  legend,
  removeLabel,
  addId,
  addLabel,
  max,
  onAdd,
  onRemove,
  children,
}: {
  fields: { id: string }[];
  empty: string;
  legend: (i: number) => string;
  removeLabel: (i: number) => string;
  addId: string;
  addLabel: string;
  max: number;
  onAdd: () => void;
  onRemove: (i: number) => void;
  children: (i: number) => ReactNode;
}) {
  return (
    <>
      {fields.length === 0 && <p className="muted">{empty}</p>}
      {fields.map((f, i) => (
        <fieldset key={f.id} className="company-item">
          <legend>{legend(i)}</legend>
          {children(i)}
          <Button variant="ghost" onClick={() => onRemove(i)}>
            {removeLabel(i)}
          </Button>
        </fieldset>
      ))}
      {fields.length < max && (
        <div>
          <Button id={addId} variant="secondary" onClick={onAdd}>
            {addLabel}
          </Button>
        </div>
      )}
    </>
  );
}
