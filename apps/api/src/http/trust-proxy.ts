import { BlockList, isIPv4 } from 'node:net';
import type { AppConfig } from '../config.ts';

/** Loopback, private and link-local networks (proxy-addr's loopback, uniquelocal, linklocal). */
const nearbyNetworks = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  nearbyNetworks.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  nearbyNetworks.addSubnet(network, prefix, 'ipv6');
}

/** True for an address on a loopback or private network (IPv4-mapped IPv6 included). */
export function isNearbyAddress(address: string): boolean {
  const mapped = /^::ffff:(.+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return nearbyNetworks.check(mapped, 'ipv4');
  return nearbyNetworks.check(address, isIPv4(address) ? 'ipv4' : 'ipv6');
}

/**
 * Fastify's `trustProxy` for the configured setting. Fastify no longer honours a bare hop count
 * (it cannot tell a proxy from a client reaching the shop directly, who could then write its own
 * X-Forwarded-For), so a count becomes: the nearest `hops` addresses are believed when each is
 * on a loopback or private network, where a reverse proxy in front of the shop lives. Proxies on
 * public addresses are listed by address instead.
 */
export function fastifyTrustProxy(
  setting: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (address, hop) => hop < setting && isNearbyAddress(address);
}
