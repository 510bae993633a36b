import type { CwmpFault, CwmpValue } from './soap';

/**
 * A CPE's parameter tree as CWMP addresses it (TR-069 section 3.6 and A.3.2.1): full names
 * (`Device.DeviceInfo.UpTime`) and partial paths, which end with a dot (`Device.Hosts.Host.`)
 * and name an object with everything under it. Objects need not be declared: every prefix of a
 * parameter is one. A table that takes AddObject, and its rows, are declared writable.
 */

export interface Parameter {
  value: string;
  /** The XML Schema type it is written with: `xsd:unsignedInt`, `xsd:boolean`, … */
  type: string;
  writable: boolean;
}

export type ParameterType =
  | 'xsd:string'
  | 'xsd:boolean'
  | 'xsd:int'
  | 'xsd:unsignedInt'
  | 'xsd:unsignedLong'
  | 'xsd:dateTime';

/** TR-069 Table 60. */
export const faultCodes = {
  methodNotSupported: 9000,
  requestDenied: 9001,
  internalError: 9002,
  invalidArguments: 9003,
  resourcesExceeded: 9004,
  invalidParameterName: 9005,
  invalidParameterType: 9006,
  invalidParameterValue: 9007,
  notWritable: 9008,
} as const;

export function fault(faultCode: number, faultString: string): { fault: CwmpFault } {
  return { fault: { faultCode, faultString } };
}

export class ParameterTree {
  private readonly parameters = new Map<string, Parameter>();
  /** Objects declared writable (AddObject on a table, DeleteObject on a row). */
  private readonly writableObjects = new Set<string>();
  /** Declared objects with no parameter (yet): an empty table. */
  private readonly emptyObjects = new Set<string>();

  constructor(readonly root: string) {}

  set(name: string, value: string, type: ParameterType, writable = false): void {
    this.parameters.set(name, { value, type, writable });
  }

  get(name: string): Parameter | undefined {
    return this.parameters.get(name);
  }

  /** Declares an object, writable when the ACS may add rows to it (or delete it, for a row). */
  declareObject(path: string, writable: boolean): void {
    this.emptyObjects.add(path);
    if (writable) this.writableObjects.add(path);
  }

  /** Removes an object and everything under it (DeleteObject). */
  removeObject(path: string): void {
    for (const name of [...this.parameters.keys()]) {
      if (name.startsWith(path)) this.parameters.delete(name);
    }
    for (const name of [...this.emptyObjects]) {
      if (name.startsWith(path)) this.emptyObjects.delete(name);
    }
    this.writableObjects.delete(path);
  }

  hasObject(path: string): boolean {
    if (this.emptyObjects.has(path)) return true;
    for (const name of this.parameters.keys()) if (name.startsWith(path)) return true;
    return false;
  }

  /** Every parameter, in the order they were set. */
  entries(): IterableIterator<[string, Parameter]> {
    return this.parameters.entries();
  }

  /** GetParameterNames (A.3.2.3): the path's children, or it and everything under it. */
  names(
    path: string,
    nextLevel: boolean,
  ): { names: { name: string; writable: boolean }[] } | { fault: CwmpFault } {
    if (path === '') {
      if (nextLevel) return { names: [{ name: this.root, writable: false }] };
      return this.names(this.root, false);
    }
    if (!path.endsWith('.')) {
      const parameter = this.parameters.get(path);
      if (!parameter) return fault(faultCodes.invalidParameterName, `No parameter ${path}`);
      if (nextLevel) {
        return fault(faultCodes.invalidArguments, 'NextLevel must be false for a parameter');
      }
      return { names: [{ name: path, writable: parameter.writable }] };
    }
    if (!this.hasObject(path)) {
      return fault(faultCodes.invalidParameterName, `No object ${path}`);
    }
    const seen = new Set<string>();
    const names: { name: string; writable: boolean }[] = [];
    const add = (name: string, writable: boolean): void => {
      if (seen.has(name)) return;
      seen.add(name);
      names.push({ name, writable });
    };
    if (!nextLevel) add(path, this.writableObjects.has(path));
    for (const name of this.allNames()) {
      if (!name.startsWith(path) || name === path) continue;
      const rest = name.slice(path.length);
      if (nextLevel) {
        const dot = rest.indexOf('.');
        const childName = dot === -1 ? name : path + rest.slice(0, dot + 1);
        add(childName, this.isWritable(childName));
      } else {
        // Every object between the path and the parameter, then the parameter.
        let from = 0;
        for (let dot = rest.indexOf('.'); dot !== -1; dot = rest.indexOf('.', from)) {
          const objectName = path + rest.slice(0, dot + 1);
          add(objectName, this.isWritable(objectName));
          from = dot + 1;
        }
        if (!name.endsWith('.')) add(name, this.isWritable(name));
      }
    }
    return { names };
  }

  /** GetParameterValues (A.3.2.2): full names and partial paths; an unknown one faults them all. */
  values(names: readonly string[]): { values: CwmpValue[] } | { fault: CwmpFault } {
    const values: CwmpValue[] = [];
    for (const requested of names) {
      if (requested === '' || requested.endsWith('.')) {
        const path = requested === '' ? this.root : requested;
        if (!this.hasObject(path)) {
          return fault(faultCodes.invalidParameterName, `No object ${requested}`);
        }
        for (const [name, { value, type }] of this.parameters) {
          if (name.startsWith(path)) values.push({ name, value, type });
        }
      } else {
        const parameter = this.parameters.get(requested);
        if (!parameter) {
          return fault(faultCodes.invalidParameterName, `No parameter ${requested}`);
        }
        values.push({ name: requested, value: parameter.value, type: parameter.type });
      }
    }
    return { values };
  }

  private isWritable(name: string): boolean {
    return name.endsWith('.')
      ? this.writableObjects.has(name)
      : (this.parameters.get(name)?.writable ?? false);
  }

  /** Parameters and declared objects, in order; an empty table has no parameter to show it. */
  private *allNames(): Generator<string> {
    yield* this.parameters.keys();
    yield* this.emptyObjects;
  }
}
