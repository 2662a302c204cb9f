import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/schema.ts',
    './src/deliverySchema.ts',
    './src/integrationsSchema.ts',
    './src/analyticsSchema.ts',
    './src/adminSchema.ts',
    './src/editingSchema.ts',
    './src/measurementSchema.ts',
  ],
  out: './drizzle',
  migrations: { prefix: 'timestamp' },
});
