import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { reviewRejectReasonLabels, type ReviewRejectReason } from '@shop/domain/reviews';
import { layout, signOff } from '../mail/mail-layout.ts';

/**
 * The review mails. Discreet like every mail of the shop: subjects never name a product or what
 * kind of shop this is, since a shared inbox or a lock screen shows them to others.
 */

/** The unsubscribe link's token: an HMAC of the account id under its own derived key. */
export function unsubscribeToken(key: Buffer, userId: string): string {
  return createHmac('sha256', key).update(`review-mails:${userId}`).digest('base64url');
}

export function unsubscribeTokenValid(key: Buffer, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(key, userId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function unsubscribeUrl(publicUrl: string, key: Buffer, userId: string): string {
  const query = new URLSearchParams({ user: userId, token: unsubscribeToken(key, userId) });
  return `${publicUrl}/api/reviews/unsubscribe?${query.toString()}`;
}

/** A week after delivery: how did it fit? Links to the order, never names what was in it. */
export function reviewRequestMail(
  to: string,
  firstName: string,
  links: { orders: string; unsubscribe: string },
): MailMessage {
  const lines = [
    `Hello ${firstName},`,
    'Your order reached you a week ago. How did it fit? A few words and a fit rating from you help other women choose their size. Reviews are only ever shown with your first name and initial, or as "Verified buyer" if you prefer.',
    `You can review each item from My Orders. To stop getting these requests, unsubscribe here: ${links.unsubscribe}`,
  ];
  return {
    to,
    subject: 'How did your order fit?',
    text: `${lines[0]}\n\n${lines[1]}\n\n${links.orders}\n\n${lines[2]}${signOff}`,
    html: layout(lines, { label: 'Review my order', url: links.orders }),
  };
}

/** A review sent back to fix: what to change, and where to edit and resend it. */
export function reviewToFixMail(
  to: string,
  firstName: string,
  reason: ReviewRejectReason,
  reply: string | null,
  link: string,
): MailMessage {
  const lines = [
    `Hello ${firstName},`,
    `Thank you for your review. Before we can show it, one thing needs changing: ${reviewRejectReasonLabels[reason].toLowerCase()}.`,
    ...(reply ? [`A note from us: ${reply}`] : []),
    'Edit your review and send it again from the product page; we read it again as soon as it arrives.',
  ];
  return {
    to,
    subject: 'Your review needs a small change',
    text: `${lines.join('\n\n')}\n\n${link}${signOff}`,
    html: layout(lines, { label: 'Edit my review', url: link }),
  };
}

/** The shop's private answer to a review. */
export function reviewReplyMail(
  to: string,
  firstName: string,
  reply: string,
  link: string,
): MailMessage {
  const lines = [`Hello ${firstName},`, 'Thank you for your review. A note from us:', reply];
  return {
    to,
    subject: 'A reply to your review',
    text: `${lines.join('\n\n')}\n\n${link}${signOff}`,
    html: layout(lines, { label: 'See my review', url: link }),
  };
}
