/** Bulletins, the FAQ and the user terms text (issue 18 item 5): always sanitized HTML. */
export { sanitizeRichText } from './sanitize';
export type { ContentEditor } from './editor';
export { listLiveBulletins, listBulletins, createBulletin, updateBulletin, deleteBulletins } from './bulletins';
export { listFaq, listFaqForEditing, createFaq, updateFaq, deleteFaq } from './faq';
export { readTerms, readTermsForEditing, saveTermsText, publishTerms } from './terms-text';
