import { defineConfig } from 'vitest/config';
import { plainFunctionTests } from '../../vitest.shared.ts';

export default defineConfig({ test: plainFunctionTests });
