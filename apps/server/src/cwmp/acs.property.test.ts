import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TestCpe, tr181Informed, tr181Parameters } from '../../test/test-cpe';
import { selectValue } from '../db/recordset';
import { systemActor } from '../modules/audit/actor';

/**
 * Hostile envelopes on a line's ACS URL, in and out of a session: never a 5xx other than the
 * SOAP faults the standard answers with, and nothing of another line is touched.
 */

describe('the ACS under hostile envelopes', () => {
  let sut: TestApp;
  let victimToken: string;
  let attackerUrl: string;
  let validInform: string;

  beforeAll(async () => {
    sut = await createTestApp();
    const tokenOf = async (code: string): Promise<string> => {
      const { reportingUrl } = await sut.app.services.devices.provision(systemActor, code, true);
      return reportingUrl.split('/').at(-1) ?? '';
    };
    victimToken = await tokenOf('LOS-VICTIM');
    attackerUrl = `/cwmp/v1/${await tokenOf('LOS-ATTACKER')}`;
    const cpe = new TestCpe({
      url: '',
      serialNumber: 'SN-ATTACKER',
      parameters: tr181Parameters(),
      informed: tr181Informed,
    });
    validInform = cpe.informXml(['2 PERIODIC']);
  });
  afterAll(() => sut.close());

  const victimState = (): Promise<unknown> =>
    selectValue(
      sut.database.db,
      sql`select json_build_object(
        'line', (select row_to_json(l) from lines_of_service l where l.reporting_token = ${victimToken}),
        'reports', (select count(*) from gateway_reports r join lines_of_service l on l.id = r.line_id
                    where l.reporting_token = ${victimToken}),
        'device', (select count(*) from cwmp_devices d where d.reporting_token = ${victimToken}))`,
    );

  const hostileBodies = (): fc.Arbitrary<string> =>
    fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'binary', maxLength: 200 }),
      fc.nat({ max: 4000 }).map((cut) => validInform.slice(0, cut)),
      fc
        .tuple(
          fc.nat({ max: 4000 }),
          fc.constantFrom(
            '<',
            '>',
            '&',
            '"',
            ']]>',
            '&#0;',
            '&#xD800;',
            '<!DOCTYPE x>',
            '<?pi?>',
            '\u0000',
          ),
        )
        .map(([at, insert]) => validInform.slice(0, at) + insert + validInform.slice(at)),
      fc.constantFrom(
        `<!DOCTYPE e [<!ENTITY x SYSTEM "file:///etc/passwd">]>${validInform.replace(/^<\?xml[^>]*>/, '')}`,
        `<a>${'<b>'.repeat(5000)}`,
        validInform.replace('SN-ATTACKER', `SN-${'x'.repeat(10_000)}`),
        validInform.replaceAll('Device.', 'Device.\u200b'),
        validInform
          .replace('<cwmp:Inform>', '<cwmp:Inform><cwmp:Inform>')
          .replace('</cwmp:Inform>', '</cwmp:Inform></cwmp:Inform>'),
      ),
    );

  it('should answer every hostile envelope with a 2xx, a 400 or a CWMP fault, and leave other lines alone', async () => {
    const before = await victimState();
    await fc.assert(
      fc.asyncProperty(fc.boolean(), hostileBodies(), async (inSession, body) => {
        if (inSession) {
          const inform = await sut.app.inject({
            method: 'POST',
            url: attackerUrl,
            payload: validInform,
            headers: { 'content-type': 'text/xml' },
          });
          // 8001 once a hostile Inform with another serial number bound the line first.
          expect(
            inform.statusCode === 200 || inform.body.includes('<FaultCode>8001</FaultCode>'),
          ).toBe(true);
        }
        const response = await sut.app.inject({
          method: 'POST',
          url: attackerUrl,
          payload: body,
          headers: { 'content-type': 'text/xml' },
        });
        const fault =
          response.statusCode === 500 && /<FaultCode>800\d<\/FaultCode>/.test(response.body);
        expect(
          response.statusCode < 500 || fault,
          `${response.statusCode} ${response.body.slice(0, 200)}`,
        ).toBe(true);
      }),
      { numRuns: 150 },
    );
    expect(await victimState()).toEqual(before);
  }, 120_000);
});
