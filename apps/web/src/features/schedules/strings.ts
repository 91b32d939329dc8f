import { errorsResources, schedulesResources } from '@rhc/i18n';
import { addNamespace } from '../../lib/i18n.ts';

/*
 * The doctor's schedule screens' strings (and the validation messages their forms show) load with their code.
 * Every module of this feature that renders text imports this file, so the namespaces are in place first.
 */
addNamespace('schedules', schedulesResources);
addNamespace('errors', errorsResources);
