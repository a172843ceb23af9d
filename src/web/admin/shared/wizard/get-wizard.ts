/** The set-up wizard's state (GET /api/proveedor/wizard), read by the wizard and by the dashboard's resume offer. */
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import type { WizardState } from '../../../../shared/contracts/website';

export const wizardQuery = queryOptions({
  queryKey: queryKeys.admin.wizard(),
  queryFn: () => api.get<WizardState>('/api/proveedor/wizard'),
});
