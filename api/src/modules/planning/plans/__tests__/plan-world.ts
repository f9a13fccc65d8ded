import { EntityType, FINANCIAL_RECORD_ID_TYPE, newId, type FinancialRecordType } from '@meridian/domain';
import type { PrismaClient } from '@meridian/api';
import type { CreatedOrganization } from '#test/support/factories.js';

/**
 * A household as a plan is made from: two persons with birth dates and one child without, living in
 * Québec; a TFSA, a chequing account, their home with its mortgage, a credit card with a balance, a
 * defined-benefit pension; a salary, a CPP benefit, groceries paid from the chequing account and a
 * monthly TFSA contribution. Written straight to the database, as the financial tests do.
 */
export async function seedPlanHousehold(
  prisma: PrismaClient,
  organization: Pick<CreatedOrganization, 'organizationId' | 'teamId'>,
) {
  const org = { organizationId: organization.organizationId };
  const CAD = 'CAD' as const;
  const householdId = newId(EntityType.household);
  await prisma.household.create({
    data: { ...org, id: householdId, teamId: organization.teamId, name: 'Gagnon household' },
  });
  const person = async (firstName: string, dateOfBirth: string | null) => {
    const id = newId(EntityType.person);
    await prisma.person.create({
      data: {
        ...org,
        id,
        householdId,
        firstName,
        lastName: 'Gagnon',
        dateOfBirth: dateOfBirth ? new Date(dateOfBirth) : null,
      },
    });
    return id;
  };
  const claire = await person('Claire', '1968-04-12');
  const marc = await person('Marc', '1966-09-30');
  const child = await person('Léa', null);
  const familyId = newId(EntityType.family);
  await prisma.family.create({ data: { ...org, id: familyId, householdId, name: 'Gagnon' } });
  await prisma.familyAddress.create({
    data: {
      ...org,
      id: newId(EntityType.familyAddress),
      familyId,
      line1: '1 rue Sainte-Catherine',
      city: 'Montréal',
      province: 'QC',
      postalCode: 'H2X 1Y4',
      countryName: 'Canada',
      isPrimary: true,
    },
  });

  const record = async (type: FinancialRecordType, nickname: string, owners: string[]) => {
    const id = newId(FINANCIAL_RECORD_ID_TYPE[type]);
    await prisma.financialRecord.create({ data: { ...org, id, householdId, type, nickname } });
    for (const personId of owners) {
      await prisma.financialRecordOwner.create({
        data: {
          ...org,
          id: newId(EntityType.accountOwner),
          financialRecordId: id,
          recordType: type,
          ownerKind: 'Person',
          personId,
        },
      });
    }
    return id;
  };
  const tfsa = await record('INVESTMENT_ACCOUNT', 'Claire TFSA', [claire]);
  await prisma.investmentAccount.create({
    data: { ...org, id: tfsa, accountType: 'TFSA', jurisdiction: 'CA', marketValue: '85000', marketValueCurrency: CAD },
  });
  const chequing = await record('BANK_ACCOUNT', 'Joint chequing', [claire, marc]);
  await prisma.bankAccount.create({
    data: {
      ...org,
      id: chequing,
      bankAccountType: 'CHECKING',
      balance: '12000',
      balanceCurrency: CAD,
      interestRatePercent: '0.5',
    },
  });
  const home = await record('REAL_ESTATE_PROPERTY', 'Plateau home', [claire, marc]);
  await prisma.realEstateProperty.create({
    data: {
      ...org,
      id: home,
      propertyKind: 'RESIDENTIAL',
      marketValue: '750000',
      marketValueCurrency: CAD,
      purchasePrice: '420000',
      purchasePriceCurrency: CAD,
      isPrimaryResidence: true,
    },
  });
  const mortgage = await record('MORTGAGE', 'Home mortgage', [claire, marc]);
  await prisma.mortgage.create({
    data: {
      ...org,
      id: mortgage,
      propertyId: home,
      propertyRecordType: 'REAL_ESTATE_PROPERTY',
      balance: '310000',
      balanceCurrency: CAD,
      interestRatePercent: '4.29',
      paymentAmount: '1850',
      paymentAmountCurrency: CAD,
      paymentFrequency: 'MONTHLY',
    },
  });
  const card = await record('CREDIT_CARD', 'Visa', [marc]);
  await prisma.creditCard.create({
    data: { ...org, id: card, balance: '2400', balanceCurrency: CAD, interestRatePercent: '19.99' },
  });
  const pension = await record('DEFINED_BENEFIT_PENSION', 'Hydro pension', [marc]);
  await prisma.definedBenefitPension.create({
    data: {
      ...org,
      id: pension,
      formulaType: 'FINAL_AVERAGE_EARNINGS',
      serviceStartDate: new Date('1995-06-01'),
      finalAverageSalary: '98000',
      finalAverageSalaryCurrency: CAD,
      accrualRatePercent: '1.5',
    },
  });

  const source = async (
    type: 'INCOME' | 'EXPENSE' | 'CONTRIBUTION',
    name: string,
    subtype: string | null,
    payee: string | null,
    flow: { amount: string; frequency: 'MONTHLY' | 'ANNUALLY' | 'WEEKLY' },
    accounts: { sourceAccountId?: string; destinationAccountId?: string } = {},
  ) => {
    const id = newId(EntityType.cashFlowSource);
    await prisma.cashFlowSource.create({
      data: {
        ...org,
        id,
        householdId,
        type,
        name,
        subtype,
        necessity: type === 'EXPENSE' ? 'NEED' : null,
        ...accounts,
      },
    });
    if (payee) {
      await prisma.cashFlowParty.create({
        data: {
          ...org,
          id: newId(EntityType.cashFlowParty),
          cashFlowSourceId: id,
          role: type === 'INCOME' ? 'PAYEE' : 'PAYER',
          ownerKind: 'Person',
          personId: payee,
        },
      });
    }
    await prisma.cashFlow.create({
      data: { ...org, id: newId(EntityType.cashFlow), cashFlowSourceId: id, name, amountCurrency: CAD, ...flow },
    });
    return id;
  };
  await source('INCOME', 'Salary', 'SALARY', claire, { amount: '8500', frequency: 'MONTHLY' });
  await source('INCOME', 'CPP', 'CPP', marc, { amount: '9000', frequency: 'ANNUALLY' });
  await source(
    'EXPENSE',
    'Groceries',
    'LIFESTYLE',
    claire,
    { amount: '300', frequency: 'WEEKLY' },
    { sourceAccountId: chequing },
  );
  await source(
    'CONTRIBUTION',
    'TFSA savings',
    null,
    claire,
    { amount: '500', frequency: 'MONTHLY' },
    { destinationAccountId: tfsa },
  );

  return { householdId, claire, marc, child, records: { tfsa, chequing, home, mortgage, card, pension } };
}

export type PlanHousehold = Awaited<ReturnType<typeof seedPlanHousehold>>;
