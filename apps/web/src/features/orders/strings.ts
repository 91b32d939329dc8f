import { errorsResources, ordersResources } from '@rhc/i18n';
import { addNamespace } from '../../lib/i18n.ts';

/*
 * The orders screens' strings (and the error messages they show) load with their code. Every module of
 * this feature that renders text imports this file, so the namespaces are in place before anything shows.
 */
addNamespace('orders', ordersResources);
addNamespace('errors', errorsResources);
