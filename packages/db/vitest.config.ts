import { defineConfig } from 'vitest/config';
import { databaseProjects } from '../../vitest.shared';

export default defineConfig({ test: { projects: databaseProjects() } });
