import { createContext } from 'react';
import type { TemplateStore } from './templateStore';

export const TemplateStoreContext = createContext<TemplateStore | null>(null);
