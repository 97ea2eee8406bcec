import type {
  MessageChannel,
  MessageTemplate,
  SmsCategory,
  WhatsAppCategory,
} from '@shop/domain/messages';
import type { OutboundPolicy } from '../outbound.ts';

/** One message as the outbox hands it to a channel. */
export interface OutgoingMessage {
  /** The outbox row's id: WhatsApp echoes it in every status webhook. */
  reference: string;
  /** 10 digits. */
  to: string;
  template: MessageTemplate;
  /** The template's values by name. */
  values: Record<string, string>;
}

/** What a provider answered for an accepted message. */
export interface AcceptedMessage {
  /** WhatsApp's `wamid.…`, or MSG91's request id. */
  providerMessageId: string;
}

/**
 * A provider refused a message. `permanent`: sending it again changes nothing (a bad number, a
 * template refused); otherwise it is tried again later. `retryAt`: not before then (SMS refused
 * outside the hours its category may be sent).
 */
export class MessageRefusedError extends Error {
  override name = 'MessageRefusedError';
  constructor(
    message: string,
    readonly code: string,
    readonly permanent: boolean,
    readonly retryAt?: Date,
  ) {
    super(message);
  }
}

export interface MessageChannelSender {
  readonly channel: MessageChannel;
  send(message: OutgoingMessage): Promise<AcceptedMessage>;
}

/** One HTTP request to a provider and its answer, parsed: real (fetch) or the simulator. */
export interface ProviderRequest {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
export interface ProviderAnswer {
  status: number;
  body: unknown;
}
export type ProviderTransport = (request: ProviderRequest) => Promise<ProviderAnswer>;

/** Requests go out with `fetch` under the messaging policy (timeout, breaker). */
export function fetchTransport(fetchImpl: typeof fetch, policy: OutboundPolicy): ProviderTransport {
  const guarded = policy.fetch(fetchImpl);
  return async (request) => {
    const response = await guarded(request.url, {
      method: request.method,
      headers: { 'content-type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: kept as text for the error message.
    }
    return { status: response.status, body };
  };
}

/** Category names as they travel, for the simulator's records. */
export type MessageCategory = WhatsAppCategory | SmsCategory;
