// Types t() from the English resources so a missing or mistyped key fails the type check.
import 'i18next';
import type { enUS } from './en-us';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof enUS };
  }
}
