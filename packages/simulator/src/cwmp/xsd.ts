import type { ParameterValue } from '../report';
import type { ParameterType } from './parameter-tree';

/**
 * Values as CWMP writes them: text with an XML Schema type. The Bulk Data report holds JSON
 * numbers, booleans and strings; TR-181 types the signed ones (signal, margins, temperatures,
 * optical levels) as `int`, counters past 2^32 as `unsignedLong`.
 */

const signedNames =
  /(SignalStrength|TemperatureSensor\.\d+\.Value|NoiseMargin|Power|OpticalSignalLevel|TransmitOpticalLevel|OpticalThreshold|SignalNoise)$/;
const counterNames = /(Bytes\w*|Errors|Secs|Unerroreds|Correcteds|Uncorrectables|Rtx\w+)$/;

export function xsdTypeOf(name: string, value: ParameterValue): ParameterType {
  if (typeof value === 'boolean') return 'xsd:boolean';
  if (typeof value === 'string') return name.endsWith('Time') ? 'xsd:dateTime' : 'xsd:string';
  if (signedNames.test(name) || value < 0) return 'xsd:int';
  if (counterNames.test(name) || value > 0xffff_ffff) return 'xsd:unsignedLong';
  return 'xsd:unsignedInt';
}

/** Whether `text` is a value of `type`; SetParameterValues refuses any other with 9007. */
export function isValueOf(type: string, text: string): boolean {
  switch (type) {
    case 'xsd:boolean':
      return ['true', 'false', '1', '0'].includes(text);
    case 'xsd:unsignedInt':
      return /^\d+$/.test(text) && Number(text) <= 0xffff_ffff;
    case 'xsd:int':
      return /^-?\d+$/.test(text) && Math.abs(Number(text)) <= 0x7fff_ffff;
    case 'xsd:unsignedLong':
      return /^\d+$/.test(text);
    case 'xsd:dateTime':
      return !Number.isNaN(Date.parse(text));
    default:
      return true;
  }
}

export function booleanOf(text: string): boolean {
  return text === 'true' || text === '1';
}

/** TR-069's dateTime, UTC, whole seconds. */
export function dateTimeOf(epochSeconds: number): string {
  return new Date(epochSeconds * 1000).toISOString().replace('.000Z', 'Z');
}
