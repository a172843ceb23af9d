/** Registers the reviews catalogue (es, en); loaded with the review screens of the storefront and the admin. */
import i18n from '../../lib/i18n';
import es from '../../../locales/es/reviews.json';
import en from '../../../locales/en/reviews.json';

i18n.addResourceBundle('es', 'reviews', es, true, true);
i18n.addResourceBundle('en', 'reviews', en, true, true);
