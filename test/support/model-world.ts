// One organization with a row in every table of the data model, written through the Prisma client
// the way repositories write (top-level creates, parents before children). Tests of database
// invariants start from it and vary one row at a time.
import { EntityType, FINANCIAL_RECORD_ID_TYPE, newId } from '@meridian/domain';
import type { FinancialRecordType } from '@meridian/domain';
import type { PrismaClient } from '@meridian/api';
import { createOrganization } from './factories.js';

export interface ModelWorld {
  organizationId: string;
  teamId: string;
  userId: string;
  teamMemberId: string;
  professionalId: string;
  householdId: string;
  personId: string;
  corporationId: string;
  trustId: string;
  foundationId: string;
  familyId: string;
  groupId: string;
  institutionId: string;
  contactId: string;
  contactEmailId: string;
  contactPhoneNumberId: string;
  contactAddressId: string;
  contactEmploymentId: string;
  tagId: string;
  leadId: string;
  prospectId: string;
  opportunityId: string;
  proposalId: string;
  packageTemplateId: string;
  offerId: string;
  offeringId: string;
  serviceVariantId: string;
  taskId: string;
  workflowId: string;
  workflowStepId: string;
  workflowTemplateId: string;
  workflowStepRequirementId: string;
  notificationId: string;
  meetingId: string;
  meetingTemplateId: string;
  openingHoursId: string;
  noteId: string;
  documentId: string;
  customFieldDefinitionId: string;
  planId: string;
  planFlowId: string;
  timelineId: string;
  records: Record<FinancialRecordType, string>;
  cashFlowSourceId: string;
  transactionCategoryId: string;
  recurringStreamId: string;
  connectionId: string;
  emailThreadId: string;
  householdServiceId: string;
  billingInvoiceId: string;
  syncRunId: string;
  importBatchId: string;
  invitationId: string;
  brandId: string;
  linksProfileId: string;
}

const RECORD_TYPES: FinancialRecordType[] = [
  'BANK_ACCOUNT',
  'COMPANY_EQUITY',
  'CREDIT_CARD',
  'DEFINED_BENEFIT_PENSION',
  'INSURANCE_POLICY',
  'INVESTMENT_ACCOUNT',
  'LINE_OF_CREDIT',
  'LOAN',
  'MORTGAGE',
  'PRIVATE_INVESTMENT',
  'REAL_ASSET',
  'REAL_ESTATE_PROPERTY',
];

const CAD = 'CAD' as const;

/** Builds the world. `label` keeps names of several worlds apart. */
export async function buildModelWorld(prisma: PrismaClient, label = 'World'): Promise<ModelWorld> {
  const { organizationId, teamId, userId } = await createOrganization(prisma, { name: `${label} Wealth` });
  const org = { organizationId };
  const teamMember = await prisma.teamMember.findFirstOrThrow({ where: { organizationId, userId } });

  const professionalId = newId(EntityType.professional);
  await prisma.professional.create({
    data: {
      ...org,
      id: professionalId,
      userId,
      displayName: 'Fay Advisor',
      firstName: 'Fay',
      lastName: 'Advisor',
      role: 'ADVISOR',
      bio: 'Helps families plan.',
      phoneCountryCode: '1',
      phoneNumber: '4165550100',
      designations: ['CFP', 'CIM'],
    },
  });
  await prisma.outboxEmail.create({
    data: { ...org, id: newId(EntityType.outboxEmail), toAddress: 'a@b.test', subject: 's', textBody: 't' },
  });

  // Clients
  const householdId = newId(EntityType.household);
  await prisma.household.create({
    data: { ...org, id: householdId, teamId, primaryAdvisorId: professionalId, name: `${label} household` },
  });
  const personId = newId(EntityType.person);
  await prisma.person.create({
    data: {
      ...org,
      id: personId,
      householdId,
      firstName: 'Ana',
      lastName: 'Lima',
      dateOfBirth: new Date('1980-05-01'),
    },
  });
  const corporationId = newId(EntityType.corporation);
  await prisma.corporation.create({
    data: { ...org, id: corporationId, householdId, name: 'Lima Holdings', incorporationJurisdiction: 'ONTARIO' },
  });
  const trustId = newId(EntityType.trust);
  await prisma.trust.create({ data: { ...org, id: trustId, householdId, name: 'Lima Family Trust', country: 'CA' } });
  const foundationId = newId(EntityType.foundation);
  await prisma.foundation.create({ data: { ...org, id: foundationId, householdId, name: 'Lima Foundation' } });
  const familyId = newId(EntityType.family);
  await prisma.family.create({ data: { ...org, id: familyId, householdId, name: 'Lima' } });
  await prisma.familyMember.create({ data: { ...org, familyId, personId, role: 'HEAD' } });
  await prisma.familyAddress.create({
    data: { ...org, id: newId(EntityType.familyAddress), familyId, ...address(), isPrimary: true },
  });
  const groupId = newId(EntityType.group);
  await prisma.group.create({ data: { ...org, id: groupId, teamId, name: 'Retirees' } });
  await prisma.groupMember.create({ data: { ...org, groupId, personId } });
  const institutionId = newId(EntityType.institution);
  await prisma.institution.create({ data: { ...org, id: institutionId, name: `${label} Bank`, country: 'CA' } });

  // Contacts and pipeline
  const contactId = newId(EntityType.contact);
  await prisma.contact.create({
    data: {
      ...org,
      id: contactId,
      teamId,
      personId,
      householdId,
      type: 'LEAD',
      firstName: 'Ana',
      lastName: 'Lima',
      source: 'LINKED_IN',
      discoveryMethod: 'INBOUND',
    },
  });
  const contactEmailId = newId(EntityType.contactEmail);
  await prisma.contactEmail.create({
    data: { ...org, id: contactEmailId, contactId, email: 'Ana.Lima@Example.test', isPrimary: true },
  });
  const contactPhoneNumberId = newId(EntityType.contactPhoneNumber);
  await prisma.contactPhoneNumber.create({
    data: { ...org, id: contactPhoneNumberId, contactId, countryCode: '1', number: '4165550199', isPrimary: true },
  });
  const contactAddressId = newId(EntityType.contactAddress);
  await prisma.contactAddress.create({
    data: { ...org, id: contactAddressId, contactId, ...address(), isPrimary: true },
  });
  const contactEmploymentId = newId(EntityType.contactEmployment);
  await prisma.contactEmployment.create({
    data: {
      ...org,
      id: contactEmploymentId,
      contactId,
      employerName: 'Acme',
      status: 'FULL_TIME',
      startDate: new Date('2010-01-01'),
      isPrimary: true,
    },
  });
  await prisma.contactSocialLink.create({
    data: { ...org, id: newId(EntityType.contactSocialLink), contactId, type: 'LinkedIn', branch: 'ana-lima' },
  });
  const tagId = newId(EntityType.tag);
  await prisma.tag.create({ data: { ...org, id: tagId, name: 'VIP', type: 'SEGMENT', emoji: '⭐' } });
  await prisma.contactTag.create({ data: { ...org, contactId, tagId } });
  const leadId = newId(EntityType.lead);
  await prisma.lead.create({
    data: { ...org, id: leadId, teamId, contactId, qualificationReasons: ['MEETS_AUM'] },
  });
  const prospectId = newId(EntityType.prospect);
  await prisma.prospect.create({
    data: {
      ...org,
      id: prospectId,
      teamId,
      contactId,
      leadId,
      estimatedAssets: '750000',
      estimatedAssetsCurrency: CAD,
    },
  });
  const opportunityId = newId(EntityType.opportunity);
  await prisma.opportunity.create({
    data: {
      ...org,
      id: opportunityId,
      teamId,
      primaryAdvisorId: professionalId,
      contactId,
      prospectId,
      confidence: 50,
      temperature: 'WARM',
    },
  });
  await prisma.opportunityStageChange.create({
    data: {
      ...org,
      id: newId(EntityType.opportunityStageChange),
      opportunityId,
      toStage: 'NEW',
      changedAt: new Date(),
      changedByUserId: userId,
    },
  });
  const proposalId = newId(EntityType.proposal);
  await prisma.proposal.create({ data: { ...org, id: proposalId, teamId, opportunityId } });
  await prisma.proposalRecipient.create({
    data: { ...org, id: newId(EntityType.proposalRecipient), proposalId, personId, email: 'ana@example.test' },
  });
  const serviceId = newId(EntityType.service);
  await prisma.service.create({
    data: { ...org, id: serviceId, name: 'Planning', type: 'ONGOING_SERVICE', category: 'FINANCIAL_PLANNING' },
  });
  const serviceVariantId = newId(EntityType.serviceVariant);
  await prisma.serviceVariant.create({ data: { ...org, id: serviceVariantId, serviceId, name: 'Standard' } });
  const offeringId = newId(EntityType.offering);
  await prisma.offering.create({
    data: {
      ...org,
      id: offeringId,
      serviceVariantId,
      name: 'Comprehensive plan',
      description: 'A full financial plan',
      category: 'FINANCIAL_PLANNING',
      type: 'ONE_OFF_SERVICE',
    },
  });
  const packageTemplateId = newId(EntityType.packageTemplate);
  await prisma.packageTemplate.create({ data: { ...org, id: packageTemplateId, name: 'Starter' } });
  const offerId = newId(EntityType.offer);
  await prisma.offer.create({
    data: {
      ...org,
      id: offerId,
      proposalId,
      billingStartType: 'ON_START',
      pricingType: 'AUM_FEE',
      paymentMethod: 'BILLED_FROM_CUSTODIAN',
      oneTimeFeeAmount: '1500',
      oneTimeFeeAmountCurrency: CAD,
      oneTimeFeeIsUpfront: true,
    },
  });
  await prisma.offerFeeTier.create({
    data: {
      ...org,
      id: newId(EntityType.offerFeeTier),
      offerId,
      position: 0,
      breakpoint: '1000000',
      breakpointCurrency: CAD,
      fee: '1.25',
    },
  });
  await prisma.offerOffering.create({ data: { ...org, offerId, offeringId } });

  // Meetings, workflows, tasks
  const meetingTemplateId = newId(EntityType.meetingTemplate);
  const connectionId = newId(EntityType.connection);
  await prisma.connection.create({
    data: {
      ...org,
      id: connectionId,
      service: 'NYLAS',
      status: 'SUCCESS',
      ownerProfessionalId: professionalId,
      externalAccountId: `grant-${label}`,
      calendarProvider: 'google',
      credentialsCiphertext: Buffer.from('ciphertext'),
      credentialsKeyId: 'key-1',
    },
  });
  // Sales: the accepted offer as a service of the household, billed through the provider
  const householdServiceId = newId(EntityType.householdService);
  await prisma.householdService.create({
    data: {
      ...org,
      id: householdServiceId,
      teamId,
      householdId,
      proposalId,
      offerId,
      name: 'Comprehensive plan',
      category: 'FINANCIAL_PLANNING',
      type: 'ONE_OFF_SERVICE',
      paymentSource: 'PAYMENT_PROVIDER',
      billingStartType: 'ON_START',
      billingStatus: 'ACTIVE',
      connectionId,
      acceptedAt: new Date(),
    },
  });
  await prisma.billingCustomer.create({
    data: { ...org, connectionId, householdId, externalCustomerId: `cus_${label}` },
  });
  const billingInvoiceId = newId(EntityType.billingInvoice);
  await prisma.billingInvoice.create({
    data: {
      ...org,
      id: billingInvoiceId,
      householdServiceId,
      kind: 'ONE_TIME_FEE',
      status: 'OPEN',
      amount: '1500',
      amountCurrency: CAD,
      externalInvoiceId: `in_${label}`,
    },
  });
  await prisma.providerEvent.create({
    data: {
      ...org,
      connectionId,
      externalEventId: `evt_${label}`,
      type: 'invoice.paid',
      payload: { id: `evt_${label}` },
    },
  });
  await prisma.meetingTemplate.create({
    data: {
      ...org,
      id: meetingTemplateId,
      teamId,
      connectionId,
      title: 'Discovery call',
      durationMinutes: 30,
      availableDaysInFuture: 30,
      minimumNoticeMinutes: 60,
      timeZone: 'America/Toronto',
      provider: 'google',
    },
  });
  const openingHoursId = newId(EntityType.meetingTemplateOpeningHours);
  await prisma.meetingTemplateOpeningHours.create({
    data: {
      ...org,
      id: openingHoursId,
      templateId: meetingTemplateId,
      days: [1, 2, 3],
      startTime: '09:00',
      endTime: '17:00',
    },
  });
  const meetingId = newId(EntityType.meeting);
  await prisma.meeting.create({
    data: {
      ...org,
      id: meetingId,
      teamId,
      householdId,
      templateId: meetingTemplateId,
      connectionId,
      organizerTeamMemberId: teamMember.id,
      title: 'Annual review',
      message: 'Bring statements',
      type: 'IN_PERSON',
      location: 'Office',
      startTime: new Date('2030-01-15T15:00:00Z'),
      durationMinutes: 60,
      timeZone: 'America/Toronto',
    },
  });
  await prisma.meetingParticipant.create({
    data: {
      ...org,
      id: newId(EntityType.meetingParticipant),
      meetingId,
      role: 'CONTACT',
      contactId,
      email: 'ana@example.test',
      name: 'Ana Lima',
    },
  });
  await prisma.meetingAgendaItem.create({
    data: { ...org, id: newId(EntityType.meetingAgendaItem), meetingId, value: 'Review goals' },
  });
  const workflowTemplateId = newId(EntityType.workflowTemplate);
  await prisma.workflowTemplate.create({
    data: {
      ...org,
      id: workflowTemplateId,
      name: 'Our onboarding',
      subject: 'HOUSEHOLD',
      definition: { steps: [{ name: 'KYC', tasks: [], requirements: [] }] },
      basedOnKey: 'NEW_CLIENT_ONBOARDING',
    },
  });
  const workflowId = newId(EntityType.workflow);
  await prisma.workflow.create({
    data: { ...org, id: workflowId, teamId, householdId, name: 'Onboarding', templateId: workflowTemplateId },
  });
  await prisma.workflow.create({
    data: {
      ...org,
      id: newId(EntityType.workflow),
      teamId,
      householdId,
      name: 'RRSP to RRIF conversion',
      subjectPersonId: personId,
      ruleKey: 'CONVERSION_AT_71:world',
      reason: 'turns 71 on 2026-11-28: the RRSP must be converted by December 31, 2026',
    },
  });
  const workflowStepId = newId(EntityType.workflowStep);
  await prisma.workflowStep.create({ data: { ...org, id: workflowStepId, workflowId, position: 0, name: 'KYC' } });
  const workflowStepRequirementId = newId(EntityType.workflowStepRequirement);
  await prisma.workflowStepRequirement.create({
    data: {
      ...org,
      id: workflowStepRequirementId,
      workflowStepId,
      kind: 'DOCUMENT_UPLOADED',
      label: 'Signed KYC form',
    },
  });
  const notificationId = newId(EntityType.notification);
  await prisma.notification.create({
    data: {
      ...org,
      id: notificationId,
      userId,
      kind: 'TASK_ASSIGNED',
      title: 'A task was given to you',
      entityKind: 'BASIC_TASK',
      entityId: 'basic_task-world',
    },
  });
  await prisma.workflowParticipant.create({ data: { ...org, workflowId, personId } });
  const taskId = newId(EntityType.basicTask);
  await prisma.task.create({
    data: {
      ...org,
      id: taskId,
      teamId,
      householdId,
      title: 'Collect statements',
      assigneeTeamMemberId: teamMember.id,
      meetingId,
      meetingTaskType: 'PRE',
      workflowId,
      workflowStepId,
      ownerKind: 'HOUSEHOLD',
      ownerHouseholdId: householdId,
    },
  });
  await prisma.taskMention.create({ data: { ...org, taskId, entityId: personId } });

  // E-mail threads read from the mailbox, linked to the contact whose address is among them
  const emailThreadId = newId(EntityType.emailThread);
  await prisma.emailThread.create({
    data: {
      ...org,
      id: emailThreadId,
      connectionId,
      providerThreadId: `thread-${label}`,
      subject: 'Quarterly review',
      snippet: 'See you Tuesday',
      participants: [{ email: 'ana@example.test', name: 'Ana' }],
      lastMessageAt: new Date('2026-01-05T10:00:00Z'),
      messageIds: ['message-1'],
      messageCount: 1,
    },
  });
  await prisma.emailThreadContact.create({ data: { ...org, threadId: emailThreadId, contactId } });

  // Notes, documents, custom fields
  const noteId = newId(EntityType.note);
  await prisma.note.create({
    data: {
      ...org,
      id: noteId,
      teamId,
      authorUserId: userId,
      body: 'Met @Ana',
      ownerKind: 'CONTACT',
      ownerContactId: contactId,
    },
  });
  await prisma.noteAttachment.create({
    data: {
      ...org,
      id: newId(EntityType.noteAttachment),
      noteId,
      url: 'https://files.test/a.pdf',
      fileName: 'a.pdf',
      fileSize: 10,
    },
  });
  await prisma.noteMention.create({
    data: { ...org, id: newId(EntityType.noteMention), noteId, entityKind: 'PERSON', entityId: personId },
  });
  const documentId = newId(EntityType.document);
  await prisma.document.create({
    data: {
      ...org,
      id: documentId,
      teamId,
      filePath: 'org/docs/kyc.pdf',
      originalFileName: 'kyc.pdf',
      fileSize: BigInt(2048),
      ownerKind: 'HOUSEHOLD',
      ownerHouseholdId: householdId,
    },
  });
  await prisma.documentMention.create({
    data: { ...org, id: newId(EntityType.documentMention), documentId, entityKind: 'PERSON', entityId: personId },
  });
  const customFieldDefinitionId = newId(EntityType.customFieldDefinition);
  await prisma.customFieldDefinition.create({
    data: { ...org, id: customFieldDefinitionId, entityKind: 'CONTACT', type: 'CURRENCY_VALUE', name: 'Net worth' },
  });
  await prisma.customFieldValue.create({
    data: {
      ...org,
      id: newId(EntityType.customFieldValue),
      definitionId: customFieldDefinitionId,
      entityKind: 'CONTACT',
      contactId,
      valueAmount: '2500000',
      valueAmountCurrency: CAD,
    },
  });

  // Financial records: the base row and its type row, in one transaction.
  const records = {} as Record<FinancialRecordType, string>;
  for (const type of RECORD_TYPES) records[type] = newId(FINANCIAL_RECORD_ID_TYPE[type]);
  await prisma.$transaction(
    RECORD_TYPES.map((type) =>
      prisma.financialRecord.create({
        data: { ...org, id: records[type], householdId, type, nickname: type.toLowerCase(), institutionId },
      }),
    ),
  );
  const base = (type: FinancialRecordType) => ({ ...org, id: records[type] });
  await prisma.$transaction([
    prisma.bankAccount.create({
      data: { ...base('BANK_ACCOUNT'), bankAccountType: 'CHECKING', balance: '1200.5', balanceCurrency: CAD },
    }),
    prisma.investmentAccount.create({
      data: {
        ...base('INVESTMENT_ACCOUNT'),
        accountType: 'TFSA',
        taxStatus: 'TAX_EXEMPT',
        jurisdiction: 'CA',
        marketValue: '95000',
        marketValueCurrency: CAD,
      },
    }),
    prisma.realEstateProperty.create({
      data: {
        ...base('REAL_ESTATE_PROPERTY'),
        propertyKind: 'RESIDENTIAL',
        marketValue: '900000',
        marketValueCurrency: CAD,
      },
    }),
    prisma.realAsset.create({
      data: { ...base('REAL_ASSET'), assetType: 'CAR', value: '30000', valueCurrency: CAD },
    }),
    prisma.creditCard.create({
      data: { ...base('CREDIT_CARD'), balance: '800', balanceCurrency: CAD, lastFourDigits: '4242' },
    }),
    prisma.lineOfCredit.create({
      data: {
        ...base('LINE_OF_CREDIT'),
        creditLimit: '50000',
        creditLimitCurrency: CAD,
        securedByRecordId: records.REAL_ESTATE_PROPERTY,
        securedByRecordType: 'REAL_ESTATE_PROPERTY',
        securedType: 'HELOC',
      },
    }),
    prisma.loan.create({
      data: {
        ...base('LOAN'),
        balance: '12000',
        balanceCurrency: CAD,
        paymentFrequency: 'MONTHLY',
        securedByRecordId: records.REAL_ASSET,
        securedByRecordType: 'REAL_ASSET',
        securedType: 'AUTO',
      },
    }),
    prisma.mortgage.create({
      data: {
        ...base('MORTGAGE'),
        propertyId: records.REAL_ESTATE_PROPERTY,
        propertyRecordType: 'REAL_ESTATE_PROPERTY',
        balance: '400000',
        balanceCurrency: CAD,
        amortizationMonths: 300,
      },
    }),
    prisma.insurancePolicy.create({
      data: { ...base('INSURANCE_POLICY'), insuredPersonId: personId, faceAmount: '500000', faceAmountCurrency: CAD },
    }),
    prisma.definedBenefitPension.create({
      data: {
        ...base('DEFINED_BENEFIT_PENSION'),
        formulaType: 'FLAT_BENEFIT',
        serviceStartDate: new Date('2000-01-01'),
        amountPerYear: '1200',
        amountPerYearCurrency: CAD,
      },
    }),
    prisma.privateInvestment.create({
      data: { ...base('PRIVATE_INVESTMENT'), investedAmount: '25000', investedAmountCurrency: CAD },
    }),
    prisma.companyEquity.create({
      data: { ...base('COMPANY_EQUITY'), companyName: 'Startup Inc.', securityType: 'SAFE', quantity: '1000' },
    }),
  ]);
  await prisma.additionalCard.create({
    data: {
      ...org,
      id: newId(EntityType.additionalCard),
      creditCardId: records.CREDIT_CARD,
      description: 'Spouse card',
      firstFourDigits: '4000',
      lastFourDigits: '0002',
    },
  });
  for (const type of RECORD_TYPES) {
    await prisma.financialRecordOwner.create({
      data: {
        ...org,
        id: newId(EntityType.accountOwner),
        financialRecordId: records[type],
        recordType: type,
        ownerKind: 'Person',
        personId,
      },
    });
  }
  await prisma.financialRecordOwner.create({
    data: {
      ...org,
      id: newId(EntityType.accountOwner),
      financialRecordId: records.INVESTMENT_ACCOUNT,
      recordType: 'INVESTMENT_ACCOUNT',
      ownerKind: 'Corporation',
      corporationId,
    },
  });
  await prisma.liabilityParty.create({
    data: { ...org, financialRecordId: records.LOAN, recordType: 'LOAN', personId, role: 'BORROWER' },
  });

  // Cash flows
  const transactionCategoryId = newId(EntityType.transactionCategory);
  await prisma.transactionCategory.create({
    data: {
      ...org,
      id: transactionCategoryId,
      primaryCategory: 'FOOD_AND_DRINK',
      detailedCategory: 'FOOD_AND_DRINK_GROCERIES',
      group: 'EXPENSE',
      nature: 'ESSENTIAL',
    },
  });
  const cashFlowSourceId = newId(EntityType.cashFlowSource);
  await prisma.cashFlowSource.create({
    data: {
      ...org,
      id: cashFlowSourceId,
      householdId,
      type: 'EXPENSE',
      name: 'Groceries',
      subtype: 'LIFESTYLE',
      necessity: 'NEED',
      sourceAccountId: records.BANK_ACCOUNT,
    },
  });
  await prisma.cashFlowParty.create({
    data: {
      ...org,
      id: newId(EntityType.cashFlowParty),
      cashFlowSourceId,
      role: 'PAYER',
      ownerKind: 'Person',
      personId,
    },
  });
  await prisma.cashFlow.create({
    data: {
      ...org,
      id: newId(EntityType.cashFlow),
      cashFlowSourceId,
      name: 'Weekly shop',
      amount: '250',
      amountCurrency: CAD,
      frequency: 'WEEKLY',
    },
  });
  const recurringStreamId = newId(EntityType.recurringStream);
  await prisma.recurringStream.create({
    data: {
      ...org,
      id: recurringStreamId,
      householdId,
      financialRecordId: records.BANK_ACCOUNT,
      cashFlowSourceId,
      categoryId: transactionCategoryId,
      name: 'Grocer',
      direction: 'OUTFLOW',
      averageAmount: '240',
      averageAmountCurrency: CAD,
    },
  });
  await prisma.transaction.create({
    data: {
      ...org,
      id: newId(EntityType.transaction),
      householdId,
      financialRecordId: records.BANK_ACCOUNT,
      recurringStreamId,
      cashFlowSourceId,
      categoryId: transactionCategoryId,
      date: new Date('2026-11-01'),
      amount: '243.17',
      amountCurrency: CAD,
      direction: 'OUTFLOW',
    },
  });

  // Plans and timelines
  const planId = newId(EntityType.plan);
  await prisma.plan.create({
    data: {
      ...org,
      id: planId,
      householdId,
      name: 'Retirement',
      startYear: 2026,
      currency: CAD,
      inflationPercent: '2.1',
    },
  });
  await prisma.planPerson.create({
    data: {
      ...org,
      planId,
      personId,
      position: 0,
      name: 'Ana',
      birthDate: new Date('1970-01-01'),
      retirementAge: 65,
      country: 'CA',
      province: 'ONTARIO',
    },
  });
  await prisma.planMilestone.create({
    data: { ...org, id: newId(EntityType.planMilestone), planId, name: 'Retire', colorHex: '#1a2B3c' },
  });
  const planFlowId = newId(EntityType.planFlow);
  await prisma.planFlow.create({
    data: {
      ...org,
      id: planFlowId,
      planId,
      kind: 'INCOME',
      name: 'Salary',
      subType: 'EMPLOYMENT',
      timeFrame: { start: { kind: 'PLAN_START' }, end: { kind: 'PLAN_END' } },
      change: { type: 'INFLATION', ratePercent: null },
      amount: '90000',
      amountCurrency: CAD,
      frequency: 'ANNUALLY',
    },
  });
  await prisma.planFlowPerson.create({ data: { ...org, planFlowId, personId } });
  const planAccountId = newId(EntityType.planAccount);
  await prisma.planAccount.create({
    data: {
      ...org,
      id: planAccountId,
      planId,
      financialRecordId: records.INVESTMENT_ACCOUNT,
      name: 'TFSA',
      accountType: 'TFSA',
      jurisdiction: 'CA',
      marketValue: '95000',
      marketValueCurrency: CAD,
      growth: { type: 'FIXED_RATE', ratePercent: '5', marketClass: null },
      liquidityRule: { acceptsSurplus: true, priority: 1 },
      withdrawalRule: { allowed: true, order: 1, earliestAge: null },
    },
  });
  await prisma.planAccountOwner.create({ data: { ...org, planAccountId, personId } });
  const planAssetId = newId(EntityType.planAsset);
  await prisma.planAsset.create({
    data: {
      ...org,
      id: planAssetId,
      planId,
      name: 'Home',
      kind: 'REAL_ESTATE',
      currentValue: '900000',
      currentValueCurrency: CAD,
      valueChange: { type: 'INFLATION', ratePercent: null },
      isResidence: true,
    },
  });
  await prisma.planAssetOwner.create({ data: { ...org, planAssetId, personId } });
  await prisma.planLiability.create({
    data: {
      ...org,
      id: newId(EntityType.planLiability),
      planId,
      name: 'Mortgage',
      type: 'SECURED_LOAN',
      currentBalance: '400000',
      currentBalanceCurrency: CAD,
      interestRatePercent: '4.5',
      compoundingFrequency: 'SEMI_ANNUALLY',
      compoundingType: 'COMPOUND',
      paymentAmount: '2200',
      paymentAmountCurrency: CAD,
      paymentFrequency: 'MONTHLY',
      assetId: planAssetId,
    },
  });
  const timelineId = newId(EntityType.timeline);
  await prisma.timeline.create({ data: { ...org, id: timelineId, householdId } });
  await prisma.lifeEvent.create({
    data: { ...org, id: newId(EntityType.lifeEvent), timelineId, title: 'Retirement', date: new Date('2040-06-30') },
  });

  // Integration hub
  const syncRunId = newId(EntityType.syncRun);
  await prisma.syncRun.create({
    data: {
      ...org,
      id: syncRunId,
      connectionId,
      status: 'SUCCEEDED',
      trigger: 'INITIAL',
      createdCount: 3,
      startedAt: new Date('2026-11-01T10:00:00Z'),
      finishedAt: new Date('2026-11-01T10:01:00Z'),
    },
  });
  await prisma.syncRecordError.create({
    data: { ...org, id: newId(EntityType.syncRecordError), syncRunId, outsideId: 'evt-1', reason: 'No start time' },
  });
  const importBatchId = newId(EntityType.importBatch);
  const importProfileId = newId(EntityType.importProfile);
  await prisma.importProfile.create({
    data: { ...org, id: importProfileId, name: `Custom ${label}`, kind: 'contacts', definition: { columns: [] } },
  });
  const importDropFolderId = newId(EntityType.importDropFolder);
  await prisma.importDropFolder.create({
    data: {
      ...org,
      id: importDropFolderId,
      name: `Nightly ${label}`,
      path: `/srv/meridian/drop/${organizationId}/wealthbox`,
      cron: '0 2 * * *',
      customProfileId: importProfileId,
      source: 'WEALTHBOX',
    },
  });
  await prisma.importBatch.create({
    data: {
      ...org,
      id: importBatchId,
      source: 'WEALTHBOX',
      status: 'APPLIED',
      fileName: 'contacts.csv',
      rowCount: 1,
      customProfileId: importProfileId,
      dropFolderId: importDropFolderId,
    },
  });
  await prisma.importRowResult.create({
    data: {
      ...org,
      id: newId(EntityType.importRowResult),
      importBatchId,
      rowNumber: 2,
      action: 'CREATE',
      entityType: EntityType.contact,
      entityId: contactId,
      sourceId: `wb-${label}`,
    },
  });
  await prisma.importReviewItem.create({
    data: {
      ...org,
      id: newId(EntityType.importReviewItem),
      importBatchId,
      rowNumber: 3,
      candidateContactId: contactId,
      matchedOn: 'EMAIL',
    },
  });
  await prisma.externalLink.create({
    data: {
      ...org,
      id: newId(EntityType.externalLink),
      entityType: EntityType.contact,
      entityId: contactId,
      source: 'WEALTHBOX',
      sourceId: `wb-${label}`,
      importBatchId,
    },
  });
  await prisma.fxRate.create({
    data: {
      ...org,
      id: newId(EntityType.fxRate),
      date: new Date('2026-11-01'),
      baseCurrency: 'USD',
      quoteCurrency: CAD,
      rate: '1.3725',
    },
  });
  await prisma.auditLog.create({
    data: {
      ...org,
      id: newId(EntityType.auditLog),
      actorKind: 'SYNC',
      actorId: syncRunId,
      action: 'CREATE',
      entityType: EntityType.contact,
      entityId: contactId,
      after: { firstName: 'Ana' },
      importBatchId,
    },
  });
  // A merge of a contact into Ana's, since undone (the plan's shape: domain crm/merges).
  await prisma.recordMerge.create({
    data: {
      ...org,
      id: newId(EntityType.recordMerge),
      entityType: EntityType.contact,
      survivorId: contactId,
      mergedId: newId(EntityType.contact),
      actorUserId: userId,
      plan: { version: 1, fields: [], moved: [], unsetPrimary: [], removed: [], combined: [] },
      undoneAt: new Date('2026-01-02T00:00:00Z'),
      undoneByUserId: userId,
    },
  });

  // Identity extras
  const invitationId = newId(EntityType.invitation);
  await prisma.invitation.create({
    data: {
      ...org,
      id: invitationId,
      teamId,
      // Its contact owns a row here too (the merge tests move every row pointing at a contact).
      contactId,
      type: 'TEAM_MEMBER',
      method: 'EMAIL',
      code: `code-${invitationId}`,
      email: 'new.member@firm.test',
    },
  });
  const brandId = newId(EntityType.brand);
  await prisma.brand.create({ data: { ...org, id: brandId, name: `${label} brand` } });
  await prisma.brandLogo.create({
    data: {
      ...org,
      id: newId(EntityType.brandLogo),
      brandId,
      type: 'SQUARE',
      logoUrls: { small: 'https://files.test/logo-s.png' },
      filePath: 'brands/logo.png',
      fileType: 'image/png',
      fileSize: 5120,
    },
  });
  const linksProfileId = newId(EntityType.linksProfile);
  await prisma.linksProfile.create({
    data: {
      ...org,
      id: linksProfileId,
      professionalId,
      slug: `fay-${linksProfileId
        .slice(-8)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}`,
    },
  });
  await prisma.profileLink.create({
    data: { ...org, id: newId(EntityType.profileLink), linksProfileId, type: 'website', url: 'https://fay.test' },
  });

  return {
    organizationId,
    teamId,
    userId,
    teamMemberId: teamMember.id,
    professionalId,
    householdId,
    personId,
    corporationId,
    trustId,
    foundationId,
    familyId,
    groupId,
    institutionId,
    contactId,
    contactEmailId,
    contactPhoneNumberId,
    contactAddressId,
    contactEmploymentId,
    tagId,
    leadId,
    prospectId,
    opportunityId,
    proposalId,
    packageTemplateId,
    offerId,
    offeringId,
    householdServiceId,
    billingInvoiceId,
    serviceVariantId,
    taskId,
    workflowId,
    workflowStepId,
    workflowTemplateId,
    workflowStepRequirementId,
    notificationId,
    meetingId,
    meetingTemplateId,
    openingHoursId,
    noteId,
    documentId,
    customFieldDefinitionId,
    planId,
    planFlowId,
    timelineId,
    records,
    cashFlowSourceId,
    transactionCategoryId,
    recurringStreamId,
    connectionId,
    emailThreadId,
    syncRunId,
    importBatchId,
    invitationId,
    brandId,
    linksProfileId,
  };
}

function address() {
  return {
    line1: '1 King St W',
    city: 'Toronto',
    province: 'ON',
    postalCode: 'M5H 1A1',
    countryName: 'Canada',
  };
}
