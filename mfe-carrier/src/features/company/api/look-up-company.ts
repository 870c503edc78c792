import { useQuery } from '@tanstack/react-query';
import { companyQueryOptions } from '@fragtbud/web';

/** The company behind the carrier's CVR number, once there is one. */
export const useCompany = (cvrNumber: string | null) => useQuery({ ...companyQueryOptions(cvrNumber ?? ''), enabled: cvrNumber !== null });
