/** Registers the messages catalogue (es, en); loaded with the messages screen or a layout that shows unread counts. */
import i18n from '../../lib/i18n';
import es from '../../../locales/es/messages.json';
import en from '../../../locales/en/messages.json';

i18n.addResourceBundle('es', 'messages', es, true, true);
i18n.addResourceBundle('en', 'messages', en, true, true);
