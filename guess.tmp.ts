import { readFileSync } from 'node:fs';
import { guessDeviceIcon } from './packages/contract/src/device-icons';
for (const raw of readFileSync('/tmp/ws/names.txt', 'utf8').split('\n').filter(Boolean)) {
  const name = raw.replace(/\{Owner\}/g, 'Ada').replace(/\{owner\}/g, 'ada').replace(/\{ROOM\}/g, 'KITCHEN').replace(/\{Room\}/g, 'Kitchen').replace(/\{room\}/g, 'kitchen').replace(/#/g, '7').replace(/\*/g, 'K');
  console.log(guessDeviceIcon(name).padEnd(18), name);
}
