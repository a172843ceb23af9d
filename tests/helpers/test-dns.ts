/**
 * A real DNS server on loopback (dns2, UDP) whose zone a test edits while it runs: what the custom-domain check asks
 * through DNS_SERVERS. Answers like an authoritative server: the records of the asked name and type; an A / AAAA
 * question on a name with a CNAME gets the CNAME and the target's addresses; a known name without that type is an
 * empty answer (ENODATA); an unknown name NXDOMAIN (ENOTFOUND). `silent()` makes it stop answering (a timeout).
 */
import dns2 from 'dns2';

const { Packet } = dns2;

type RecordType = 'A' | 'AAAA' | 'CNAME' | 'TXT';

export interface TestDns {
  /** `ip:port` for DNS_SERVERS. */
  server: string;
  set(name: string, type: RecordType, values: string[]): void;
  clear(name: string, type?: RecordType): void;
  /** Stops answering (true) or answers again (false). */
  silent(on: boolean): void;
  close(): Promise<void>;
}

export async function startTestDns(): Promise<TestDns> {
  const zone = new Map<string, Map<RecordType, string[]>>();
  let mute = false;
  const key = (name: string) => name.toLowerCase().replace(/\.$/, '');
  const records = (name: string, type: RecordType) => zone.get(key(name))?.get(type) ?? [];

  const answer = (name: string, type: RecordType, value: string) => {
    const base = { name, class: Packet.CLASS.IN, ttl: 60 };
    if (type === 'A') return { ...base, type: Packet.TYPE.A, address: value };
    if (type === 'AAAA') return { ...base, type: Packet.TYPE.AAAA, address: value };
    if (type === 'CNAME') return { ...base, type: Packet.TYPE.CNAME, domain: value };
    return { ...base, type: Packet.TYPE.TXT, data: value };
  };

  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      if (mute) return;
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question!.name;
      const type = (Object.entries(Packet.TYPE).find(([, v]) => v === question!.type)?.[0] ?? 'A') as RecordType;
      if (!zone.has(key(name))) {
        response.header.rcode = 3; // NXDOMAIN
        void send(response);
        return;
      }
      const own = records(name, type);
      if (own.length) for (const v of own) response.answers.push(answer(name, type, v) as never);
      else if (type !== 'CNAME' && type !== 'TXT') {
        for (const target of records(name, 'CNAME')) {
          response.answers.push(answer(name, 'CNAME', target) as never);
          for (const v of records(target, type)) response.answers.push(answer(target, type, v) as never);
        }
      }
      void send(response);
    },
  });
  await new Promise<void>((resolve) => {
    server.on('listening', () => resolve());
    void server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  });
  const port = (server.addresses() as { udp: { port: number } }).udp.port;
  return {
    server: `127.0.0.1:${port}`,
    set(name, type, values) {
      const k = key(name);
      if (!zone.has(k)) zone.set(k, new Map());
      zone.get(k)!.set(type, values);
    },
    clear(name, type) {
      if (type) zone.get(key(name))?.delete(type);
      else zone.delete(key(name));
    },
    silent(on) {
      mute = on;
    },
    async close() {
      await server.close();
    },
  };
}
