/**
 * A local stand-in for Loqate's Capture Interactive Find (v1.10) and Retrieve (v1.20) endpoints,
 * json3 flavour, on node:http: `GET .../Find/v1.10/json3.ws?Key&Text&Container&Countries&Limit` answers
 * `{ Items: [{ Id, Type, Text, Highlight, Description }] }`, `GET .../Retrieve/v1.20/json3.ws?Key&Id`
 * answers `{ Items: [{ Id, Line1, Line2, City, ProvinceCode, PostalCode, CountryName, ... }] }`. As
 * Loqate does, a refusal is a 200 whose one item carries `Error`, `Description`, `Cause` and
 * `Resolution`: an unknown key (error 2) and an unknown id (error 1001). The address book is small
 * and invented. Requests are kept in `requests` for tests to read.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_LOQATE_KEY = 'AA11-BB22-CC33-DD44';

interface FakeAddress {
  Id: string;
  Line1: string;
  Line2: string;
  City: string;
  ProvinceCode: string;
  ProvinceName: string;
  PostalCode: string;
  CountryName: string;
  CountryIso2: string;
  /** The container it is listed in, if any. */
  container?: string;
}

const ADDRESSES: readonly FakeAddress[] = [
  {
    Id: 'CA|CP|A|1000001|ENG',
    Line1: '100 Maplewood Crescent',
    Line2: 'Unit 4',
    City: 'Toronto',
    ProvinceCode: 'ON',
    ProvinceName: 'Ontario',
    PostalCode: 'M4C 1B5',
    CountryName: 'Canada',
    CountryIso2: 'CA',
  },
  {
    Id: 'US|US|A|2000001|ENG',
    Line1: '42 Birchmount Avenue',
    Line2: '',
    City: 'Albany',
    ProvinceCode: 'NY',
    ProvinceName: 'New York',
    PostalCode: '12203-1234',
    CountryName: 'United States',
    CountryIso2: 'US',
  },
  ...['1', '2'].map((unit) => ({
    Id: `CA|CP|A|300000${unit}|ENG`,
    Line1: `${unit}0 Cedarvale Lane`,
    Line2: '',
    City: 'Vancouver',
    ProvinceCode: 'BC',
    ProvinceName: 'British Columbia',
    PostalCode: `V5K 0A${unit}`,
    CountryName: 'Canada',
    CountryIso2: 'CA',
    container: 'CA|CP|B|3000000|ENG',
  })),
];

const CONTAINERS = [
  { Id: 'CA|CP|B|3000000|ENG', Type: 'Street', Text: 'Cedarvale Lane', Description: 'Vancouver BC - 2 Addresses' },
];

function describe(address: FakeAddress): string {
  return `${address.City} ${address.ProvinceCode} ${address.PostalCode}`;
}

function error(code: string, description: string) {
  return { Items: [{ Error: code, Description: description, Cause: description, Resolution: 'Check the request.' }] };
}

export interface FakeLoqate {
  baseUrl: string;
  requests: URL[];
  close(): Promise<void>;
}

export async function startFakeLoqate(): Promise<FakeLoqate> {
  const requests: URL[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake-loqate');
    requests.push(url);
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const query = (name: string) => url.searchParams.get(name) ?? '';
    if (request.method !== 'GET') return answer(405, {});
    if (query('Key') !== FAKE_LOQATE_KEY) return answer(200, error('2', 'Unknown key'));
    if (url.pathname === '/Capture/Interactive/Find/v1.10/json3.ws') {
      const countries = query('Countries').split(',');
      const limit = Number(query('Limit') || '10');
      if (query('Container')) {
        const inside = ADDRESSES.filter((address) => address.container === query('Container'));
        return answer(200, {
          Items: inside.map((address) => ({
            Id: address.Id,
            Type: 'Address',
            Text: address.Line1,
            Highlight: '',
            Description: describe(address),
          })),
        });
      }
      const text = query('Text').toLowerCase();
      const streets = CONTAINERS.filter((container) => container.Text.toLowerCase().includes(text));
      const addresses = ADDRESSES.filter(
        (address) =>
          !address.container &&
          countries.includes(address.CountryIso2) &&
          `${address.Line1} ${describe(address)}`.toLowerCase().includes(text),
      );
      const items = [
        ...streets.map((street) => ({ ...street, Highlight: '' })),
        ...addresses.map((address) => ({
          Id: address.Id,
          Type: 'Address',
          Text: address.Line1,
          Highlight: '',
          Description: describe(address),
        })),
      ];
      return answer(200, { Items: items.slice(0, limit) });
    }
    if (url.pathname === '/Capture/Interactive/Retrieve/v1.20/json3.ws') {
      const found = ADDRESSES.find((address) => address.Id === query('Id'));
      if (!found) return answer(200, error('1001', 'Id Invalid'));
      const { container: _container, ...fields } = found;
      return answer(200, { Items: [{ ...fields, Language: 'ENG', Type: 'Residential', DataLevel: 'Premise' }] });
    }
    return answer(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
