import type { Resources } from '@rhc/i18n';
import {
  IconActivityHeartbeat,
  IconBook2,
  IconFolderHeart,
  IconGlassFull,
  IconSalad,
  IconScan,
  IconStethoscope,
  IconTestPipe,
  IconVaccine,
  IconVideo,
  type TablerIcon,
} from '@tabler/icons-react';
import { paths } from '../../config/paths.ts';

/** A service offered on the home page; its title and description are `home.services.<key>.*`. */
export type Service = {
  key: keyof Resources['common']['home']['services'];
  to: string;
  icon: TablerIcon;
};

/** Spec §1: what a person can book. */
export const bookingServices: Service[] = [
  { key: 'healthcare', to: paths.healthcare, icon: IconStethoscope },
  { key: 'healthcareOnline', to: paths.healthcareOnline, icon: IconVideo },
  { key: 'diagnosticTest', to: paths.diagnosticTest, icon: IconTestPipe },
  { key: 'imaging', to: paths.imaging, icon: IconScan },
  { key: 'vaccines', to: paths.vaccines, icon: IconVaccine },
];

/** Spec §1: the record, readings and tools. Nutrition history lives in patient information (spec §2). */
export const healthServices: Service[] = [
  { key: 'healthRecord', to: paths.healthRecord, icon: IconFolderHeart },
  { key: 'healthMonitoring', to: paths.healthMonitoring, icon: IconActivityHeartbeat },
  { key: 'alcohol', to: paths.alcohol, icon: IconGlassFull },
  { key: 'nutrition', to: paths.nutrition, icon: IconSalad },
  { key: 'medicalInformation', to: paths.medicalInformation, icon: IconBook2 },
];
