-- Hand-written SQL: the plan tables' rules that schema.prisma cannot state.

-- An amount and its currency are given together, as every money pair's (foundations §3).
ALTER TABLE "plan_people" ADD CONSTRAINT "plan_people_rrsp_room_money_check" CHECK (("rrsp_room" IS NULL) = ("rrsp_room_currency" IS NULL));
ALTER TABLE "plan_people" ADD CONSTRAINT "plan_people_tfsa_room_money_check" CHECK (("tfsa_room" IS NULL) = ("tfsa_room_currency" IS NULL));
ALTER TABLE "plan_assets" ADD CONSTRAINT "plan_assets_cost_basis_money_check" CHECK (("cost_basis" IS NULL) = ("cost_basis_currency" IS NULL));
