/** The accounts module as the app registers it: buyers' and sellers' accounts, sign-up, collaborators and the store-floor exchange. */
import { defineModule } from '../definition.js';
import accountsRoutes from './accounts.routes.js';
import storeFloorRoutes from './store-floor.routes.js';
import identityRoutes from './identity.routes.js';
import signUpRoutes from './sign-up.routes.js';
import {
  invitationEmailJob,
  passwordResetEmailJob,
  sellerVerificationEmailJob,
  sellerSignUpNoticeJob,
} from './account-jobs.js';

export const accountsModule = defineModule({
  name: 'accounts',
  routes: [accountsRoutes, storeFloorRoutes, identityRoutes, signUpRoutes],
  jobs: [passwordResetEmailJob, sellerVerificationEmailJob, sellerSignUpNoticeJob, invitationEmailJob],
});
