import { Packet, type Resource, UDPServer } from 'dns2';

export interface TestDnsRecords {
  cname?: string;
  a?: string[];
  aaaa?: string[];
  /** Never answers: the look-up times out. */
  silent?: boolean;
}

export interface TestDnsServer {
  /** `127.0.0.1:port`, for DNS_SERVERS. */
  address: string;
  /** How many questions arrived, per "TYPE name". */
  questionCount(type: 'A' | 'AAAA' | 'CNAME', name: string): number;
  close(): Promise<void>;
}

const TTL = 60;
/** Packet.RCODE.NXDOMAIN; dns2's types leave RCODE out. */
const NXDOMAIN = 3;

/**
 * A real DNS server on 127.0.0.1 (UDP, random port) answering from a fixed zone, like an authoritative
 * server: a CNAME name answers every question with its CNAME; unknown names are NXDOMAIN. A key
 * `*.zone` stands for every name one label below `zone`.
 */
export async function startTestDnsServer(zone: Record<string, TestDnsRecords>): Promise<TestDnsServer> {
  const asked = new Map<string, number>();
  const server = new UDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    if (!question) return void send(response);
    const name = question.name.toLowerCase();
    const typeName =
      question.type === Packet.TYPE.AAAA ? 'AAAA' : question.type === Packet.TYPE.A ? 'A' : 'CNAME';
    const key = `${typeName} ${name}`;
    asked.set(key, (asked.get(key) ?? 0) + 1);
    const records = zone[name] ?? zone[name.replace(/^[^.]+\./, '*.')];
    if (records?.silent) return;
    if (!records) {
      response.header.rcode = NXDOMAIN;
      return void send(response);
    }
    const answer = (record: Partial<Resource>) =>
      response.answers.push(
        Packet.createResourceFromQuestion(question, { class: Packet.CLASS.IN, ttl: TTL, ...record }),
      );
    if (records.cname) {
      answer({ type: Packet.TYPE.CNAME, domain: records.cname });
    } else if (question.type === Packet.TYPE.A) {
      for (const address of records.a ?? []) answer({ type: Packet.TYPE.A, address });
    } else if (question.type === Packet.TYPE.AAAA) {
      for (const address of records.aaaa ?? []) answer({ type: Packet.TYPE.AAAA, address });
    }
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address();
  return {
    address: `127.0.0.1:${port}`,
    questionCount: (type, name) => asked.get(`${type} ${name}`) ?? 0,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
