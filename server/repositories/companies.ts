import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { company } from '../db/schema.ts';
import type { Company } from '../schemas/company.ts';

export interface CompaniesRepository {
  findById(cciCode: string, id: number): Promise<Company | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    companies: CompaniesRepository;
  }
}

type CompanyRow = typeof company.$inferSelect;

export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    cci_code: row.cci_code,
    company_code: row.company_code,
    version: row.version,
    attributes: {
      ...row.attributes,
      name1: row.attributes.name1 ?? '',
      admin_changed_info_flag: row.attributes.admin_changed_info_flag ?? '0',
    },
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export default fp(
  async (app) => {
    const repository: CompaniesRepository = {
      async findById(cciCode, id) {
        const [row] = await app.db
          .select()
          .from(company)
          .where(and(eq(company.cci_code, cciCode), eq(company.id, id)))
          .limit(1);
        return row ? toCompany(row) : null;
      },
    };
    app.decorate('companies', repository);
  },
  { name: 'companies-repository', decorators: { fastify: ['db'] } },
);
