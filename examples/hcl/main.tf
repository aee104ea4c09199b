# A webshop instance on the Application Management Service, looked up by name, with its database
# submodule. Runs against `appmgmt sim` (see README.md).

terraform {
  required_providers {
    appmgmt = {
      source  = "registry.terraform.io/appmgmt/appmgmt"
      version = "0.1.0"
    }
  }
}

# base_url and credentials come from APPMGMT_BASE_URL and APPMGMT_REFRESH_TOKEN
# (or APPMGMT_EMAIL + APPMGMT_PASSWORD).
provider "appmgmt" {}

variable "environment" {
  description = "Name of the environment to launch into."
  type        = string
  default     = "staging"
}

data "appmgmt_organizations" "mine" {}

locals {
  organization_id = data.appmgmt_organizations.mine.organizations[0].id
}

data "appmgmt_applications" "all" {
  organization_id = local.organization_id
}

data "appmgmt_environments" "all" {
  organization_id = local.organization_id
}

resource "appmgmt_instance" "webshop" {
  application_id = one([for a in data.appmgmt_applications.all.applications : a.id if a.name == "webshop"])
  environment_id = one([for e in data.appmgmt_environments.all.environments : e.id if e.name == var.environment])
  instance_name  = "webshop-${var.environment}"

  # Checked at plan time against the manifest: unknown names and bound submodule parameters fail the plan.
  manifest = file("${path.module}/webshop.yaml")

  parameters = {
    "input.app-fork" = "release-1"
    "input.db-size"  = "medium" # bound to the db submodule's input.size: set it here, not under submodules
    "input.replicas" = "2"
  }

  submodules = {
    db = {
      parameters = { "input.engine" = "postgres-16" } # free submodule parameter
    }
  }

  timeouts {
    create = "10m"
  }
}

# An application of your own from a manifest in this repository: a change to webshop-own.yaml uploads it
# as the next manifest version, and the instance below follows it. The service's API cannot delete an
# application, so destroy only forgets it.
resource "appmgmt_application" "own" {
  organization_id = local.organization_id
  name            = "webshop-${var.environment}-own"
  manifest        = file("${path.module}/webshop-own.yaml")
}

resource "appmgmt_instance" "own" {
  application_id   = appmgmt_application.own.id
  manifest_version = appmgmt_application.own.manifest_version
  manifest         = appmgmt_application.own.manifest
  environment_id   = appmgmt_instance.webshop.environment_id
  instance_name    = "webshop-${var.environment}-own"
}

# The `backup` workflow its manifest declares, run once; again whenever a trigger or parameter changes.
resource "appmgmt_instance_workflow" "backup" {
  instance_id = appmgmt_instance.own.id
  workflow    = "backup"
  parameters  = { target = "s3://backups/webshop-${var.environment}" }
  triggers    = { manifest_version = appmgmt_instance.own.manifest_version }
  manifest    = appmgmt_instance.own.manifest # checks the workflow and its parameters at plan

  timeouts {
    create = "10m"
  }
}

# A sandbox: a clone of the environment with properties and markers of its own (policies too, as YAML).
# The public API creates environments only by cloning, and cannot delete one: destroy only forgets it.
resource "appmgmt_environment" "sandbox" {
  organization_id = local.organization_id
  name            = "sandbox-${var.environment}"
  clone_from      = appmgmt_instance.webshop.environment_id
  properties      = { "db-host" = "db.${var.environment}.internal", replicas = "2" }
  property_types  = { replicas = "int" }
  markers         = ["sandbox"]
}

# One environment with its properties, markers and policies, by id (or by organization_id and name).
data "appmgmt_environment" "sandbox" {
  id = appmgmt_environment.sandbox.id
}

# The running instances of the environment, and the webshop instance as the service reports it.
data "appmgmt_instances" "running" {
  environment_id = appmgmt_instance.webshop.environment_id
  status         = "Running"
}

data "appmgmt_instance" "webshop" {
  id = appmgmt_instance.webshop.id
}

# The webshop's saved revision "stable": a name that does not exist fails the plan, listing those that do.
data "appmgmt_revisions" "stable" {
  application_id = appmgmt_instance.webshop.application_id
  name           = "stable"
}

output "instance_id" {
  value = appmgmt_instance.webshop.id
}

output "effective_parameters" {
  value = appmgmt_instance.webshop.effective_parameters
}

output "running_instances" {
  value = [for i in data.appmgmt_instances.running.instances : i.name]
}

output "webshop_status" {
  value = data.appmgmt_instance.webshop.status
}

output "own_application" {
  value = { id = appmgmt_application.own.id, manifest_version = appmgmt_application.own.manifest_version }
}

output "backup_status" {
  value = appmgmt_instance_workflow.backup.status
}

output "stable_revision_id" {
  value = data.appmgmt_revisions.stable.revisions[0].id
}
