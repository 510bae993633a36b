/**
 * The RPCs of a CWMP session (TR-069 Amendment 6, CWMP 1.0 to 1.4), as the ACS's code handles
 * them once the SOAP envelope is read (soap.ts) and before one is written. Names are the
 * standard's; values stay the text the XML carried, with their `xsi:type`, until canonical.ts
 * turns them into the canonical model's values.
 */

/** The data model a gateway's root object names: `Device.` (TR-181) or `InternetGatewayDevice.` (TR-098). */
export type DataModel = 'tr181' | 'tr098';

export const dataModelRoots: Record<DataModel, string> = {
  tr181: 'Device.',
  tr098: 'InternetGatewayDevice.',
};

/** One ParameterValueStruct: the value as text and its XML Schema type (`xsd:unsignedInt`). */
export interface CwmpValue {
  name: string;
  value: string;
  /** `xsd:string`, `xsd:int`, `xsd:unsignedInt`, `xsd:boolean`, `xsd:dateTime`, `xsd:base64`, … */
  type: string;
}

/** The Inform's DeviceIdStruct. */
export interface DeviceId {
  manufacturer: string;
  oui: string;
  productClass: string;
  serialNumber: string;
}

/** An EventStruct: `0 BOOTSTRAP`, `1 BOOT`, `2 PERIODIC`, `4 VALUE CHANGE`, `6 CONNECTION REQUEST`, … */
export interface InformEvent {
  eventCode: string;
  commandKey: string;
}

/** What the gateway sends of its own accord. */
export type CpeRequest =
  | {
      method: 'Inform';
      deviceId: DeviceId;
      events: InformEvent[];
      maxEnvelopes: number;
      /** The gateway's clock, as it wrote it (`xsd:dateTime`); may be unknown (`0001-01-01…`). */
      currentTime: string;
      retryCount: number;
      parameters: CwmpValue[];
    }
  | {
      method: 'TransferComplete' | 'AutonomousTransferComplete';
      commandKey: string;
      faultCode: number;
      faultString: string;
    }
  | { method: 'GetRPCMethods' }
  /** A request the ACS does not know: answered with fault 8000 (method not supported). */
  | { method: 'Unknown'; name: string };

/** What the ACS asks of the gateway. */
export type AcsRequest =
  | { method: 'GetParameterNames'; parameterPath: string; nextLevel: boolean }
  | { method: 'GetParameterValues'; parameterNames: string[] }
  | { method: 'SetParameterValues'; parameterList: CwmpValue[]; parameterKey: string }
  | { method: 'AddObject'; objectName: string; parameterKey: string }
  | { method: 'DeleteObject'; objectName: string; parameterKey: string }
  | { method: 'Reboot'; commandKey: string }
  | { method: 'GetRPCMethods' };

/** A CWMP fault (TR-069 Table 60 for the gateway's 9xxx codes, Table 59 for the ACS's 8xxx). */
export interface CwmpFault {
  faultCode: number;
  faultString: string;
  /** A SetParameterValues fault names each parameter that was refused. */
  setParameterValuesFaults?: { parameterName: string; faultCode: number; faultString: string }[];
}

/** The gateway's answer to an `AcsRequest`. */
export type CpeResponse =
  | {
      method: 'GetParameterNamesResponse';
      parameters: { name: string; writable: boolean }[];
    }
  | { method: 'GetParameterValuesResponse'; parameters: CwmpValue[] }
  /** Status 0: applied; 1: applied, and committed when the session ends. */
  | { method: 'SetParameterValuesResponse'; status: number }
  | { method: 'AddObjectResponse'; instanceNumber: number; status: number }
  | { method: 'DeleteObjectResponse'; status: number }
  | { method: 'RebootResponse' }
  | { method: 'GetRPCMethodsResponse'; methods: string[] }
  | ({ method: 'Fault' } & CwmpFault);

/** The response methods by the request they answer. */
export const responseTo = {
  GetParameterNames: 'GetParameterNamesResponse',
  GetParameterValues: 'GetParameterValuesResponse',
  SetParameterValues: 'SetParameterValuesResponse',
  AddObject: 'AddObjectResponse',
  DeleteObject: 'DeleteObjectResponse',
  Reboot: 'RebootResponse',
  GetRPCMethods: 'GetRPCMethodsResponse',
} as const satisfies Record<AcsRequest['method'], CpeResponse['method']>;

/**
 * A conversation the ACS holds inside a session: it yields each request, is resumed with the
 * gateway's answer to it (a `Fault` included), and returns its outcome. The session runs one
 * script at a time, so a command's AddObject and the SetParameterValues on the new instance stay
 * together. Scripts hold no I/O: they are tested by feeding them answers.
 */
export type Script<T> = Generator<AcsRequest, T, CpeResponse>;

/** A command's ending, as the command channel records it (seed 001: ACK, or NAK with its text). */
export type CommandOutcome = { result: 'ACK' } | { result: 'NAK'; value: string };

/** The text a NAK shows for a fault: its code and the gateway's words, as an operator reads them. */
export function faultText(fault: CwmpFault): string {
  const details = (fault.setParameterValuesFaults ?? [])
    .map((refused) => `${refused.parameterName}: ${refused.faultCode} ${refused.faultString}`)
    .join('; ');
  const text = `CWMP fault ${fault.faultCode}: ${fault.faultString || 'no reason given'}`;
  return details ? `${text} (${details})` : text;
}
