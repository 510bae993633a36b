/**
 * TR-181 Bulk Data JSON reports (TR-069 Annex A.3.3 / TR-369), as docs/reporting-protocol.md
 * describes them: `CollectionTime` in whole epoch seconds, parameters as NameValuePair
 * (`"Device.DeviceInfo.UpTime": 42`) or ObjectHierarchy (`"Device": { "DeviceInfo": … }`).
 */

import type { BulkDataReport, ParameterTree } from '@linesight/contract';

export {
  type BulkDataReport,
  type ParameterTree,
  type ParameterValue,
  type ReportEncoding,
  reportEncodings,
} from '@linesight/contract';

/** Nests a NameValuePair report's paths into objects; instance numbers become keys ("1"). */
export function toObjectHierarchy(report: BulkDataReport): BulkDataReport {
  const { CollectionTime: collectionTime, ...parameters } = report;
  const root: ParameterTree = {};
  for (const [path, value] of Object.entries(parameters)) {
    const names = path.split('.');
    const leaf = names.pop();
    if (leaf === undefined || typeof value === 'object') {
      throw new TypeError(`${path} is not a NameValuePair parameter.`);
    }
    let node = root;
    for (const name of names) {
      const child = node[name];
      if (typeof child === 'object') {
        node = child;
      } else {
        const created: ParameterTree = {};
        node[name] = created;
        node = created;
      }
    }
    node[leaf] = value;
  }
  return { CollectionTime: collectionTime, ...root };
}
