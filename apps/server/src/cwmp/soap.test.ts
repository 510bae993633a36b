import { describe, expect, it } from 'vitest';
import { readEnvelope, SoapError, writeEnvelope } from './soap';

/** An Inform as a Huawei HG253s writes it: SOAP-ENV prefixes, a line per element, CWMP 1.0. */
const huaweiInform = `<?xml version="1.0" encoding="UTF-8"?>
<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" xmlns:SOAP-ENC="http://schemas.xmlsoap.org/soap/encoding/" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:cwmp="urn:dslforum-org:cwmp-1-0">
<SOAP-ENV:Header>
<cwmp:ID SOAP-ENV:mustUnderstand="1">1804289383</cwmp:ID>
</SOAP-ENV:Header>
<SOAP-ENV:Body>
<cwmp:Inform>
<DeviceId>
<Manufacturer>Huawei</Manufacturer>
<OUI>00E0FC</OUI>
<ProductClass>HG253s</ProductClass>
<SerialNumber>HW-0001</SerialNumber>
</DeviceId>
<Event SOAP-ENC:arrayType="cwmp:EventStruct[2]">
<EventStruct>
<EventCode>1 BOOT</EventCode>
<CommandKey/>
</EventStruct>
<EventStruct>
<EventCode>M Reboot</EventCode>
<CommandKey>reboot-42</CommandKey>
</EventStruct>
</Event>
<MaxEnvelopes>1</MaxEnvelopes>
<CurrentTime>2026-01-01T12:00:00+00:00</CurrentTime>
<RetryCount>0</RetryCount>
<ParameterList SOAP-ENC:arrayType="cwmp:ParameterValueStruct[3]">
<ParameterValueStruct>
<Name>InternetGatewayDevice.DeviceInfo.UpTime</Name>
<Value xsi:type="xsd:unsignedInt">3600</Value>
</ParameterValueStruct>
<ParameterValueStruct>
<Name>InternetGatewayDevice.ManagementServer.ConnectionRequestURL</Name>
<Value xsi:type="xsd:string">http://10.0.0.2:7547/&lt;cr&gt;?a=1&amp;b=2</Value>
</ParameterValueStruct>
<ParameterValueStruct>
<Name>InternetGatewayDevice.DeviceInfo.SoftwareVersion</Name>
<Value>V100R001</Value>
</ParameterValueStruct>
</ParameterList>
</cwmp:Inform>
</SOAP-ENV:Body>
</SOAP-ENV:Envelope>`;

/** easycwmp's style: `soap_env` prefixes, an empty self-closed ID, CWMP 1.2, no xsd prefix bound. */
const easycwmpResponse = `<?xml version="1.0" encoding="UTF-8" standalone="no"?><soap_env:Envelope xmlns:soap_env="http://schemas.xmlsoap.org/soap/envelope/" xmlns:soap_enc="http://schemas.xmlsoap.org/soap/encoding/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:cwmp="urn:dslforum-org:cwmp-1-2"><soap_env:Header><cwmp:ID soap_env:mustUnderstand="1">ls-7</cwmp:ID></soap_env:Header><soap_env:Body><cwmp:GetParameterValuesResponse><ParameterList soap_enc:arrayType="cwmp:ParameterValueStruct[2]"><ParameterValueStruct><Name>Device.WiFi.Radio.1.Channel</Name><Value xsi:type="xsd:unsignedInt">6</Value></ParameterValueStruct><ParameterValueStruct><Name>Device.WiFi.Radio.1.AutoChannelEnable</Name><Value xsi:type="xsd:boolean">0</Value></ParameterValueStruct></ParameterList></cwmp:GetParameterValuesResponse></soap_env:Body></soap_env:Envelope>`;

const envelope = (body: string, header = '', cwmp = 'urn:dslforum-org:cwmp-1-4'): string =>
  `<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:cwmp="${cwmp}">` +
  `<soapenv:Header>${header}</soapenv:Header><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`;

describe(readEnvelope.name, () => {
  it('should read a Huawei Inform with its events, typed values and header ID', () => {
    const read = readEnvelope(huaweiInform);
    expect(read.id).toBe('1804289383');
    expect(read.cwmpMinor).toBe(0);
    expect(read.holdRequests).toBe(false);
    expect(read.message).toEqual({
      kind: 'request',
      request: {
        method: 'Inform',
        deviceId: {
          manufacturer: 'Huawei',
          oui: '00E0FC',
          productClass: 'HG253s',
          serialNumber: 'HW-0001',
        },
        events: [
          { eventCode: '1 BOOT', commandKey: '' },
          { eventCode: 'M Reboot', commandKey: 'reboot-42' },
        ],
        maxEnvelopes: 1,
        currentTime: '2026-01-01T12:00:00+00:00',
        retryCount: 0,
        parameters: [
          {
            name: 'InternetGatewayDevice.DeviceInfo.UpTime',
            value: '3600',
            type: 'xsd:unsignedInt',
          },
          {
            name: 'InternetGatewayDevice.ManagementServer.ConnectionRequestURL',
            value: 'http://10.0.0.2:7547/<cr>?a=1&b=2',
            type: 'xsd:string',
          },
          {
            name: 'InternetGatewayDevice.DeviceInfo.SoftwareVersion',
            value: 'V100R001',
            type: 'xsd:string',
          },
        ],
      },
    });
  });

  it('should read an easycwmp answer in CWMP 1.2 with its own prefixes', () => {
    const read = readEnvelope(easycwmpResponse);
    expect(read.cwmpMinor).toBe(2);
    expect(read.id).toBe('ls-7');
    expect(read.message).toEqual({
      kind: 'response',
      response: {
        method: 'GetParameterValuesResponse',
        parameters: [
          { name: 'Device.WiFi.Radio.1.Channel', value: '6', type: 'xsd:unsignedInt' },
          { name: 'Device.WiFi.Radio.1.AutoChannelEnable', value: '0', type: 'xsd:boolean' },
        ],
      },
    });
  });

  it('should read a gateway fault with the parameters a SetParameterValues refused', () => {
    const read = readEnvelope(
      envelope(
        `<soapenv:Fault><faultcode>Client</faultcode><faultstring>CWMP fault</faultstring><detail>
        <cwmp:Fault><FaultCode>9003</FaultCode><FaultString>Invalid arguments</FaultString>
        <SetParameterValuesFault><ParameterName>Device.WiFi.Radio.2.Channel</ParameterName>
        <FaultCode>9007</FaultCode><FaultString>Invalid parameter value</FaultString></SetParameterValuesFault>
        </cwmp:Fault></detail></soapenv:Fault>`,
      ),
    );
    expect(read.message).toEqual({
      kind: 'response',
      response: {
        method: 'Fault',
        faultCode: 9003,
        faultString: 'Invalid arguments',
        setParameterValuesFaults: [
          {
            parameterName: 'Device.WiFi.Radio.2.Channel',
            faultCode: 9007,
            faultString: 'Invalid parameter value',
          },
        ],
      },
    });
  });

  it('should read HoldRequests, undeclared common prefixes, and an empty Body', () => {
    const read = readEnvelope(
      '<SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/">' +
        '<SOAP-ENV:Header><cwmp:HoldRequests>1</cwmp:HoldRequests></SOAP-ENV:Header>' +
        '<SOAP-ENV:Body/></SOAP-ENV:Envelope>',
    );
    expect(read).toEqual({
      id: null,
      holdRequests: true,
      cwmpMinor: 0,
      message: { kind: 'empty' },
    });
  });

  it.each([
    [
      'GetParameterNamesResponse',
      '<cwmp:GetParameterNamesResponse><ParameterList><ParameterInfoStruct><Name>Device.WiFi.</Name><Writable>false</Writable></ParameterInfoStruct><ParameterInfoStruct><Name>Device.Hosts.</Name><Writable>1</Writable></ParameterInfoStruct></ParameterList></cwmp:GetParameterNamesResponse>',
      {
        method: 'GetParameterNamesResponse',
        parameters: [
          { name: 'Device.WiFi.', writable: false },
          { name: 'Device.Hosts.', writable: true },
        ],
      },
    ],
    [
      'AddObjectResponse',
      '<cwmp:AddObjectResponse><InstanceNumber> 3 </InstanceNumber><Status>0</Status></cwmp:AddObjectResponse>',
      { method: 'AddObjectResponse', instanceNumber: 3, status: 0 },
    ],
    [
      'SetParameterValuesResponse',
      '<cwmp:SetParameterValuesResponse><Status>1</Status></cwmp:SetParameterValuesResponse>',
      { method: 'SetParameterValuesResponse', status: 1 },
    ],
    [
      'GetRPCMethodsResponse',
      '<cwmp:GetRPCMethodsResponse><MethodList soap-enc:arrayType="xsd:string[2]"><string>Inform</string><string>Reboot</string></MethodList></cwmp:GetRPCMethodsResponse>',
      { method: 'GetRPCMethodsResponse', methods: ['Inform', 'Reboot'] },
    ],
  ])('should read a %s', (_name, body, response) => {
    expect(readEnvelope(envelope(body)).message).toEqual({ kind: 'response', response });
  });

  it('should read TransferComplete and name an unknown request', () => {
    expect(
      readEnvelope(
        envelope(
          '<cwmp:TransferComplete><CommandKey>fw</CommandKey><FaultStruct><FaultCode>9010</FaultCode><FaultString>Download failed</FaultString></FaultStruct></cwmp:TransferComplete>',
        ),
      ).message,
    ).toEqual({
      kind: 'request',
      request: {
        method: 'TransferComplete',
        commandKey: 'fw',
        faultCode: 9010,
        faultString: 'Download failed',
      },
    });
    expect(readEnvelope(envelope('<cwmp:RequestDownload/>')).message).toEqual({
      kind: 'request',
      request: { method: 'Unknown', name: 'RequestDownload' },
    });
  });

  const billionLaughs = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>${envelope('<cwmp:Inform><DeviceId><SerialNumber>&lol3;</SerialNumber></DeviceId></cwmp:Inform>')}`;
  const externalEntity = `<?xml version="1.0"?><!DOCTYPE e [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>${envelope('<cwmp:Inform><DeviceId><SerialNumber>&xxe;</SerialNumber></DeviceId></cwmp:Inform>')}`;
  it.each([
    ['a billion laughs', billionLaughs, /DOCTYPE/],
    ['an external entity', externalEntity, /DOCTYPE/],
    ['an undeclared entity', envelope('<cwmp:Inform><x>&nbsp;</x></cwmp:Inform>'), /Malformed XML/],
    ['nesting 33 deep', envelope(`${'<a>'.repeat(31)}${'</a>'.repeat(31)}`), /deeper than 32/],
    ['truncated XML', huaweiInform.slice(0, 500), /Malformed XML/],
    ['mismatched tags', envelope('<cwmp:Inform></cwmp:Informe>'), /Malformed XML/],
    ['text that is not XML', 'hello', /Malformed XML/],
    [
      'a SOAP 1.2 envelope',
      '<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body/></e:Envelope>',
      /not a SOAP 1.1 envelope/,
    ],
    [
      'an envelope with no Body',
      '<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"/>',
      /no Body/,
    ],
    [
      'a huge element count',
      envelope(`<cwmp:Inform>${'<x/>'.repeat(200_001)}</cwmp:Inform>`),
      /more than 200000 elements/,
    ],
  ])('should refuse %s', (_name, xml, message) => {
    expect(() => readEnvelope(xml)).toThrow(SoapError);
    expect(() => readEnvelope(xml)).toThrow(message);
  });

  it('should accept 32 levels of nesting', () => {
    expect(readEnvelope(envelope(`${'<a>'.repeat(29)}${'</a>'.repeat(29)}`)).message).toEqual({
      kind: 'request',
      request: { method: 'Unknown', name: 'a' },
    });
  });
});

describe(writeEnvelope.name, () => {
  it('should write an InformResponse in the Inform’s namespace, echoing its ID', () => {
    const xml = writeEnvelope({ kind: 'InformResponse' }, 2, '1804289383');
    expect(xml).toContain('xmlns:cwmp="urn:dslforum-org:cwmp-1-2"');
    expect(xml).toContain('<cwmp:ID soapenv:mustUnderstand="1">1804289383</cwmp:ID>');
    expect(xml).toContain('<MaxEnvelopes>1</MaxEnvelopes>');
  });

  it('should write requests a gateway reads back as they were sent', () => {
    const xml = writeEnvelope(
      {
        kind: 'request',
        request: {
          method: 'SetParameterValues',
          parameterList: [
            {
              name: 'Device.ManagementServer.ConnectionRequestPassword',
              value: 'a<b&"c\'',
              type: 'xsd:string',
            },
            {
              name: 'Device.ManagementServer.PeriodicInformInterval',
              value: '300',
              type: 'xsd:unsignedInt',
            },
          ],
          parameterKey: 'k1',
        },
      },
      0,
      'ls-1',
    );
    expect(xml).toContain('<Value xsi:type="xsd:string">a&lt;b&amp;&quot;c&apos;</Value>');
    expect(xml).toContain('soapenc:arrayType="cwmp:ParameterValueStruct[2]"');
    // The same envelope read as a gateway would: the parser sees what was meant.
    expect(readEnvelope(xml).message).toEqual({
      kind: 'request',
      request: { method: 'Unknown', name: 'SetParameterValues' },
    });
    expect(
      writeEnvelope(
        {
          kind: 'request',
          request: { method: 'GetParameterValues', parameterNames: ['Device.Hosts.'] },
        },
        4,
        'x',
      ),
    ).toContain(
      '<ParameterNames soapenc:arrayType="xsd:string[1]"><string>Device.Hosts.</string></ParameterNames>',
    );
  });

  it('should write a fault with its code, text and no ID when the request had none', () => {
    const xml = writeEnvelope(
      { kind: 'fault', fault: 8001, detail: 'Serial number changed' },
      0,
      null,
    );
    expect(xml).not.toContain('cwmp:ID');
    expect(xml).toContain('<faultcode>Server</faultcode>');
    expect(xml).toContain(
      '<FaultCode>8001</FaultCode><FaultString>Serial number changed</FaultString>',
    );
  });
});
