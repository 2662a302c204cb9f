import { getTemplateEndpoint, listTemplatesEndpoint } from '@quizbeam/contracts/templates';
import { call } from '../../api/apiClient';
import { endpointsUnderKey } from '../../api/endpointKey';

/**
 * Where the template library's answers are cached: everything under the templates' path, so a saved or
 * created template reloads the admins' list, New Quiz's table and its previews (not the categories).
 */
export const templatesQueryKeys = {
  all: endpointsUnderKey(listTemplatesEndpoint.path),
} as const;

export const loadTemplate = (templateId: string) => call(getTemplateEndpoint, { params: { id: templateId } });
