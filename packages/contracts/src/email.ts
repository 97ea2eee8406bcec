// The one email field of every form and route that takes an email (sign-up, sign-in, forgot
// password, contact). zod/mini because it ships to the browser with those forms.
import * as z from 'zod/mini';
import { isEmailAddress, normalizeEmail } from '@shop/domain/contact-details';

/**
 * An email address: trimmed and lower-cased (one address is one account however it is typed),
 * then a bare address by the domain's rule (no display name, list, quotes or angle brackets, and
 * so no control characters either). Anything else answers `invalid`; blank text answers
 * `required` when the form has its own "is required" message.
 */
export function emailAddress(invalid: string, required?: string) {
  return z.pipe(
    z.string({ error: required ?? invalid }),
    z.transform((value, context) => {
      const email = normalizeEmail(value);
      if (isEmailAddress(email)) return email;
      const message = required !== undefined && email === '' ? required : invalid;
      context.issues.push({ code: 'custom', message, input: value });
      return z.NEVER;
    }),
  );
}
