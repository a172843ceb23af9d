/**
 * /bolsa_trabajo (decisions 168, 169): the store's job application form. Name, email, phone (checked with
 * libphonenumber-js through the shared schema), position, cover letter, the CV as a PDF and the consent checkbox under
 * the LFPDPPP privacy notice (the store as responsible, what is collected, purpose, 12 months, who sees it, the ARCO
 * contact: the store's support email). Sent as one multipart request; the server checks the CV's content and answers
 * field errors in the shopper's language, shown under each field.
 */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import '../../../shared/jobs/jobs-i18n';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { call } from '../../../lib/api-client';
import { formSchemaOptions, setServerFieldErrors, useFieldErrors } from '../../../lib/forms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { RequiredMark, TextField } from '../../../components/ui/field';
import { LimitedField } from '../../../components/ui/character-counter';
import { storeConfigQuery } from '../../shared/api/get-store-config';
import * as routes from '../../../../shared/routes/applications';
import { JOB_LETTER_MAX, jobApplicationFields } from '../../../../shared/contracts/applications';
import { MAX_FILE_BYTES } from '../../../../shared/contracts/files';

const LETTER_MIN = 20;
const MAX_MB = MAX_FILE_BYTES / 1024 / 1024;
/** The form's own schema: the server's fields, with the checkbox as a boolean. */
const formSchema = jobApplicationFields.extend({
  consent: z.literal(true, { message: 'i18n:consent_required' }),
});
type FormInput = z.input<typeof formSchema>;
type FormValues = z.output<typeof formSchema>;

/** The job application page of the store. */
export function JobApplicationPage() {
  const { t } = useTranslation('jobs');
  const config = useQuery(storeConfigQuery).data;
  const store = config?.nombretienda ?? '';
  const contact = config?.supportEmail || t('apply.contactFallback');
  const [cv, setCv] = useState<File | null>(null);
  const [cvError, setCvError] = useState<string | null>(null);
  const [sentName, setSentName] = useState<string | null>(null);
  const cvRef = useRef<HTMLInputElement>(null);
  const cvId = useId();
  const noticeId = useId();
  const form = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(formSchema, formSchemaOptions),
    defaultValues: { fullName: '', email: '', phone: '', position: '', letter: '', consent: false as never },
  });
  const err = useFieldErrors(form.formState.errors);
  const letter = form.watch('letter') ?? '';
  const send = useMutation({
    mutationFn: (values: FormValues & { file: File }) => {
      const body = new FormData();
      body.append('fullName', values.fullName);
      body.append('email', values.email);
      body.append('phone', values.phone);
      body.append('position', values.position);
      body.append('letter', values.letter);
      body.append('consent', 'true');
      body.append('file', values.file);
      return call(routes.applyForJob, { body, waitForThrottle: true });
    },
  });

  const checkCv = (file: File | null): string | null => {
    if (!file) return t('apply.cvRequired');
    if (file.size > MAX_FILE_BYTES) return t('apply.cvTooLarge', { maxMb: MAX_MB });
    if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return t('apply.cvNotPdf');
    return null;
  };

  const submit = form.handleSubmit(
    (values) => {
      const problem = checkCv(cv);
      setCvError(problem);
      if (problem || !cv) {
        cvRef.current?.focus();
        return;
      }
      send.mutate(
        { ...values, file: cv },
        {
          onSuccess: () => setSentName(values.fullName),
          onError: (e) => {
            setServerFieldErrors(e, form.setError);
            const code = (e as { code?: string }).code;
            if (code === 'JOB_CV_NOT_PDF' || code === 'FILE_TOO_LARGE' || code === 'FILE_REQUIRED') {
              setCvError((e as Error).message);
              cvRef.current?.focus();
            }
          },
        },
      );
    },
    () => setCvError(checkCv(cv)),
  );

  if (sentName)
    return (
      <div className="container page">
        <section className="card stack" aria-labelledby="job-sent-title">
          <h1 id="job-sent-title">{t('apply.sentTitle')}</h1>
          <p role="status">{t('apply.sent', { name: sentName, store })}</p>
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                form.reset();
                setCv(null);
                setSentName(null);
                send.reset();
              }}
            >
              {t('apply.another')}
            </Button>
          </div>
        </section>
      </div>
    );

  const fieldErrors = Object.keys(form.formState.errors).length > 0;
  return (
    <div className="container page">
      <section className="card stack" aria-labelledby="job-title">
        <h1 id="job-title">{t('apply.title')}</h1>
        <p>{t('apply.intro', { store })}</p>
        <form className="form-grid two" style={{ alignItems: 'start' }} onSubmit={submit} noValidate>
          <TextField
            label={t('apply.fullName')}
            autoComplete="name"
            markRequired
            {...form.register('fullName')}
            error={err('fullName')}
          />
          <TextField
            label={t('apply.email')}
            type="email"
            autoComplete="email"
            markRequired
            {...form.register('email')}
            error={err('email')}
          />
          <TextField
            label={t('apply.phone')}
            type="tel"
            autoComplete="tel"
            markRequired
            hint={t('apply.phoneHint')}
            {...form.register('phone')}
            error={err('phone')}
          />
          <TextField label={t('apply.position')} markRequired {...form.register('position')} error={err('position')} />
          <LimitedField
            className="full"
            multiline
            label={t('apply.letter')}
            hint={t('apply.letterHint', { min: LETTER_MIN, max: JOB_LETTER_MAX })}
            maxChars={JOB_LETTER_MAX}
            minChars={LETTER_MIN}
            value={letter}
            markRequired
            {...form.register('letter')}
            error={err('letter')}
          />
          <div className="field full">
            <label htmlFor={cvId}>
              {t('apply.cv')}
              <RequiredMark />
            </label>
            <input
              ref={cvRef}
              id={cvId}
              type="file"
              accept="application/pdf,.pdf"
              required
              aria-invalid={cvError ? true : undefined}
              aria-describedby={`${cvId}-hint${cvError ? ` ${cvId}-error` : ''}`}
              onChange={(e) => {
                const file = e.target.files?.[0] ?? null;
                setCv(file);
                setCvError(file ? checkCv(file) : null);
              }}
            />
            <span id={`${cvId}-hint`} className="field-hint">
              {t('apply.cvHint', { maxMb: MAX_MB })}
            </span>
            {cvError && (
              <span id={`${cvId}-error`} className="field-error">
                {cvError}
              </span>
            )}
          </div>
          <section className="full stack small" aria-labelledby={noticeId}>
            <h2 id={noticeId} style={{ fontSize: '1.05rem', margin: 0 }}>
              {t('apply.noticeTitle')}
            </h2>
            <p style={{ margin: 0 }}>{t('apply.notice.who', { store })}</p>
            <p style={{ margin: 0 }}>{t('apply.notice.what')}</p>
            <p style={{ margin: 0 }}>{t('apply.notice.purpose', { store })}</p>
            <p style={{ margin: 0 }}>{t('apply.notice.retention')}</p>
            <p style={{ margin: 0 }}>{t('apply.notice.access')}</p>
            <p style={{ margin: 0 }}>{t('apply.notice.arco', { contact })}</p>
          </section>
          <div className="full stack" style={{ gap: '0.3rem' }}>
            <label style={{ display: 'flex', alignItems: 'flex-start', gap: '0.6rem', fontWeight: 600 }}>
              <input
                type="checkbox"
                style={{ width: '1.25rem', height: '1.25rem', marginTop: '0.1rem', flex: 'none' }}
                aria-invalid={form.formState.errors.consent ? true : undefined}
                aria-describedby={form.formState.errors.consent ? 'job-consent-error' : undefined}
                {...form.register('consent')}
              />
              <span>{t('apply.consent', { store })}</span>
            </label>
            {form.formState.errors.consent && (
              <span id="job-consent-error" className="field-error">
                {err('consent')}
              </span>
            )}
          </div>
          <div className="full row">
            <Button type="submit" busy={send.isPending}>
              {t('apply.submit')}
            </Button>
          </div>
          {send.error && !fieldErrors && !cvError && <Alert kind="error">{send.error.message}</Alert>}
        </form>
      </section>
    </div>
  );
}
