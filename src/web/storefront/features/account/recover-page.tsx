/** /recuperar: asks for a reset link by email (always the same answer: no account enumeration). */
// First: the schemas below are built after zod is told not to use `new Function` (lib/zod-csp.ts).
import '../../../lib/zod-csp';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { formSchemaOptions, useFieldErrors } from '../../../lib/forms';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { recoverBody } from '../../../../shared/contracts/accounts';
import { useRecoverPassword, type RecoverBody } from './api/recover-password';

export function RecoverPage() {
  const { t } = useTranslation('account');
  const recover = useRecoverPassword();
  const form = useForm<RecoverBody>({
    resolver: zodResolver(recoverBody, formSchemaOptions),
    defaultValues: { email: '' },
  });
  const fieldError = useFieldErrors(form.formState.errors);
  return (
    <div className="container page" style={{ maxWidth: 480 }}>
      <form className="card stack" onSubmit={form.handleSubmit((body) => recover.mutate(body))} noValidate>
        <h1>{t('recover.title')}</h1>
        <p className="muted">{t('recover.text')}</p>
        {recover.isSuccess && <Alert kind="success">{t('recover.sent')}</Alert>}
        {recover.error && <Alert kind="error">{recover.error.message}</Alert>}
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          {...form.register('email')}
          error={fieldError('email')}
        />
        <Button type="submit" busy={recover.isPending} block>
          {t('recover.submit')}
        </Button>
      </form>
    </div>
  );
}
