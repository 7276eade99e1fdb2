/** Which addresses user URLs may reach, so a URL cannot make us call our own network. */
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses user-supplied URLs may reach. Everything that is not plainly public is refused
 * (loopback, private, link-local and cloud metadata, CGNAT, multicast, reserved, IPv4-mapped forms of
 * those), unless an operator allow-list names the host or its network.
 */
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv4');
}
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED.addSubnet(net, bits, 'ipv6');
}

export interface AddressPolicy {
  /** True when the host name itself is allow-listed (checked before resolving). */
  allowsHost(host: string): boolean;
  /** True when a resolved address may be connected to. */
  allowsAddress(address: string): boolean;
}

export function createAddressPolicy(allowList: string): AddressPolicy {
  const allowedHosts = new Set<string>();
  const allowedNets = new BlockList();
  for (const entry of allowList.split(',').map((e) => e.trim()).filter(Boolean)) {
    const [net, bits] = entry.split('/');
    if (net && isIP(net)) {
      const family = isIP(net) === 4 ? 'ipv4' : 'ipv6';
      allowedNets.addSubnet(net, Number(bits ?? (family === 'ipv4' ? 32 : 128)), family);
    } else {
      allowedHosts.add(entry.toLowerCase());
    }
  }
  const check = (address: string): boolean => {
    const family = isIP(address);
    if (family === 0) return false;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (allowedNets.check(address, type)) return true;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return check(mapped[1]);
    return !BLOCKED.check(address, type);
  };
  return {
    allowsHost: (host) => allowedHosts.has(host.toLowerCase()),
    allowsAddress: check,
  };
}
