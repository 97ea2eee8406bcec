import type { MailMessage } from '../../adapters/mail/mailer.ts';
import { layout, signOff } from '../mail/mail-layout.ts';

/**
 * Grievance mails. Subjects name the ticket only, never what the complaint is about: inboxes and
 * lock screens are seen by others. Each mail links to the status page with the ticket filled in.
 */

export interface GrievanceMailFacts {
  to: string;
  name: string;
  ticket: string;
  subject: string;
  /** The shop's grievance officer, as the settings name them. */
  officer: { name: string; designation: string; email: string };
}

function statusLink(publicUrl: string, ticket: string): string {
  return `${publicUrl}/grievance/status?ticket=${encodeURIComponent(ticket)}`;
}

function mail(
  facts: GrievanceMailFacts,
  subject: string,
  paragraphs: string[],
  publicUrl: string,
): MailMessage {
  const link = statusLink(publicUrl, facts.ticket);
  const all = [
    `Hello ${facts.name},`,
    ...paragraphs,
    `Your grievance officer is ${facts.officer.name}, ${facts.officer.designation} (${facts.officer.email}). Quote ticket ${facts.ticket} in any reply.`,
  ];
  return {
    to: facts.to,
    subject,
    text: `${all.join('\n\n')}\n\nSee where it stands: ${link}${signOff}`,
    html: layout(all, { label: 'See where it stands', url: link }),
  };
}

export function grievanceReceivedMail(facts: GrievanceMailFacts, publicUrl: string) {
  return mail(
    facts,
    `We received your grievance ${facts.ticket}`,
    [
      `Thank you for writing to us. Your grievance "${facts.subject}" has ticket number ${facts.ticket}.`,
      'We will acknowledge it within 48 hours and resolve it within one month of today.',
    ],
    publicUrl,
  );
}

export function grievanceAcknowledgedMail(facts: GrievanceMailFacts, publicUrl: string) {
  return mail(
    facts,
    `Your grievance ${facts.ticket} is being looked into`,
    [
      `We have acknowledged your grievance "${facts.subject}" and are looking into it.`,
      'We will write again when it is resolved, within one month of the day you sent it.',
    ],
    publicUrl,
  );
}

export function grievanceReplyMail(facts: GrievanceMailFacts, reply: string, publicUrl: string) {
  return mail(
    facts,
    `A reply on your grievance ${facts.ticket}`,
    [`We have replied on your grievance "${facts.subject}":`, reply],
    publicUrl,
  );
}

export function grievanceResolvedMail(
  facts: GrievanceMailFacts,
  resolution: string,
  publicUrl: string,
) {
  return mail(
    facts,
    `Your grievance ${facts.ticket} is resolved`,
    [
      `Your grievance "${facts.subject}" is resolved:`,
      resolution,
      'If you are not satisfied, reply to this mail and the grievance officer will take it up again.',
    ],
    publicUrl,
  );
}
