import { getTemplateEndpoint } from '@quizbeam/contracts/templates';
import { call } from '../../api/apiClient';

export const loadTemplatePreview = (templateId: string) =>
  call(getTemplateEndpoint, { params: { id: templateId } });
