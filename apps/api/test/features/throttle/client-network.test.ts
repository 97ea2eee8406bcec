import { describe, expect, it } from 'vitest';
import { clientNetwork, subjectOfNetwork } from '../../../src/features/throttle/client-network.ts';

describe('the network a client is counted under', () => {
  it('is an IPv4 address itself', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('127.0.0.1')).toBe('127.0.0.1');
  });

  it('is the IPv4 address for an IPv4-mapped IPv6 address', () => {
    expect(clientNetwork('::ffff:1.2.3.4')).toBe('1.2.3.4');
    expect(clientNetwork('::FFFF:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    expect(clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:0000:0000:0000:0009')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('::1')).toBe('::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80::/64');
  });

  it('takes another prefix when configured', () => {
    expect(clientNetwork('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(clientNetwork('2001:db8:1:2::1', 128)).toBe('2001:db8:1:2::1/128');
    expect(clientNetwork('2001:db8:1:2:ffff::1', 56)).toBe('2001:db8:1::/56');
    // IPv4 stays per address whatever the IPv6 prefix.
    expect(clientNetwork('::ffff:1.2.3.4', 48)).toBe('1.2.3.4');
  });

  it('leaves subjects that are not addresses alone', () => {
    for (const subject of ['asha@example.in', '7f1c9a52-3c1e-4d7e-9a55-0b4a2f6e8d11', '12345']) {
      expect(clientNetwork(subject)).toBe(subject);
      expect(subjectOfNetwork(subject)).toBe(subject);
    }
  });

  it('keys the address part of an account and address pair', () => {
    expect(subjectOfNetwork('asha@example.in 2001:db8:1:2::99')).toBe(
      'asha@example.in 2001:db8:1:2::/64',
    );
    expect(subjectOfNetwork('asha@example.in ::ffff:1.2.3.4')).toBe('asha@example.in 1.2.3.4');
  });
});
