import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** The IPv6 prefix one client is taken to hold: a /64 is what a provider gives one line. */
export const DEFAULT_IPV6_PREFIX = 64;

/**
 * The network a client address is counted under in every throttle: an IPv4 address itself (an
 * IPv4-mapped IPv6 address, `::ffff:1.2.3.4`, is that IPv4 address); an IPv6 address by its
 * network of `ipv6Prefix` bits, since one subscriber holds a whole /64 and could otherwise step
 * through its addresses to spend none of a limit. Anything that is not an address is unchanged.
 */
export function clientNetwork(address: string, ipv6Prefix = DEFAULT_IPV6_PREFIX): string {
  if (isIP(address) === 0) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const bytes = parsed.toByteArray();
  for (let bit = ipv6Prefix; bit < 128; bit++) {
    bytes[bit >> 3]! &= ~(0x80 >> (bit & 7));
  }
  return `${ipaddr.fromByteArray(bytes).toString()}/${ipv6Prefix}`;
}

/**
 * A throttle subject with every client address in it keyed by its network: the whole subject,
 * or a space-separated part of one (an account and address pair).
 */
export function subjectOfNetwork(subject: string, ipv6Prefix = DEFAULT_IPV6_PREFIX): string {
  if (!subject.includes(' ')) return clientNetwork(subject, ipv6Prefix);
  return subject
    .split(' ')
    .map((part) => clientNetwork(part, ipv6Prefix))
    .join(' ');
}
