import { ContractCheckPage } from '../../features/contract-check/components/contract-check-page';

/** /profile/contract-check, /employer/contract-check, /provider/contract-check: "Vertrag prüfen". */
export { ContractCheckPage as Component };
