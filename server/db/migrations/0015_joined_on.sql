-- 入会日 of a company: the day it joined the chamber (issue 33), kept by the chamber's forms, list filter, export and import
ALTER TABLE "company" ADD COLUMN "joined_on" date;
