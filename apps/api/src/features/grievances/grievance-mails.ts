import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { layout, signOff } from '../mail/mail-layout.ts';

/**
 * Grievance mails. Subjects name the ticket only, never what the complaint is about: inboxes and
 * lock screens are seen by others. The form mails an address nobody has verified, so no mail
 * repeats a word the form took (the name, the subject, the description): a stranger could
 * otherwise write the shop's own mail, links and all, to anyone. What they hold is the shop's:
 * the ticket number, the officer, the staff's reply or resolution, and the status link.
 */

export interface GrievanceMailFacts {
  to: string;
  ticket: string;
  /** The status page with the ticket and its token: it shows the ticket with its text. */
  statusUrl: string;
  /** The shop's grievance officer, as the settings name them. */
  officer: { name: string; designation: string; email: string };
}

function mail(facts: GrievanceMailFacts, subject: string, paragraphs: string[]): MailMessage {
  const all = [
    'Hello,',
    ...paragraphs,
    `Your grievance officer is ${facts.officer.name}, ${facts.officer.designation} (${facts.officer.email}). Quote ticket ${facts.ticket} in any reply.`,
  ];
  return {
    to: facts.to,
    subject,
    text: `${all.join('\n\n')}\n\nSee where it stands: ${facts.statusUrl}${signOff}`,
    html: layout(all, { label: 'See where it stands', url: facts.statusUrl }),
  };
}

export function grievanceReceivedMail(facts: GrievanceMailFacts) {
  return mail(facts, `We received your grievance ${facts.ticket}`, [
    `Thank you for writing to us. Your grievance has ticket number ${facts.ticket}.`,
    'We will acknowledge it within 48 hours and resolve it within one month of today.',
    'If you did not send it, you can ignore this mail.',
  ]);
}

export function grievanceAcknowledgedMail(facts: GrievanceMailFacts) {
  return mail(facts, `Your grievance ${facts.ticket} is being looked into`, [
    `We have acknowledged your grievance ${facts.ticket} and are looking into it.`,
    'We will write again when it is resolved, within one month of the day you sent it.',
  ]);
}

export function grievanceReplyMail(facts: GrievanceMailFacts, reply: string) {
  return mail(facts, `A reply on your grievance ${facts.ticket}`, [
    `We have replied on your grievance ${facts.ticket}:`,
    reply,
  ]);
}

export function grievanceResolvedMail(facts: GrievanceMailFacts, resolution: string) {
  return mail(facts, `Your grievance ${facts.ticket} is resolved`, [
    `Your grievance ${facts.ticket} is resolved:`,
    resolution,
    'If you are not satisfied, reply to this mail and the grievance officer will take it up again.',
  ]);
}
