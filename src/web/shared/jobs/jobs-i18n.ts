/** Registers the job applications catalogue (es, en); loaded with the storefront's form and the admin's list. */
import i18n from '../../lib/i18n';
import es from '../../../locales/es/jobs.json';
import en from '../../../locales/en/jobs.json';

i18n.addResourceBundle('es', 'jobs', es, true, true);
i18n.addResourceBundle('en', 'jobs', en, true, true);
