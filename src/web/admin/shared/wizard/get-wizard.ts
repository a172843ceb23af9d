/** The set-up wizard's state (GET /api/proveedor/wizard), read by the wizard and by the dashboard's resume offer. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import * as storesRoutes from '../../../../shared/routes/stores';
import { adminQueryKeys } from '../query-keys';

export const wizardQuery = queryOptions({
  queryKey: adminQueryKeys.wizard(),
  queryFn: () => call(storesRoutes.getWizard),
});
