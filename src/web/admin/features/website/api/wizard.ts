/** The set-up wizard's draft (`wizard_config`): read, saved as each step is left, finished. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../../lib/api-client';
import * as storesRoutes from '../../../../../shared/routes/stores';
import { adminQueryKeys } from '../../../shared/query-keys';
import type { WizardDraft } from '../../../../../shared/contracts/website';

export { wizardQuery } from '../../../shared/wizard/get-wizard';

/** PUT /api/proveedor/wizard: the answer replaces the cached draft. */
export function useSaveWizardDraft() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (draft: WizardDraft) => call(storesRoutes.saveWizardDraft, { body: draft, waitForThrottle: true }),
    onSuccess: (state) => qc.setQueryData(adminQueryKeys.wizard(), state),
  });
}

/** POST /api/proveedor/wizard/finish: the wizard's values go live. */
export function useFinishWizard() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: Required<Omit<WizardDraft, 'step'>>) =>
      call(storesRoutes.finishWizard, { body, waitForThrottle: true }),
    onSuccess: (state) => {
      qc.setQueryData(adminQueryKeys.wizard(), state);
      void qc.invalidateQueries({ queryKey: adminQueryKeys.webconfigs() });
    },
  });
}
