# A sandbox per branch: a clone of the staging environment with the branch's properties, markers and
# policies, and the webshop launched into it, in one apply. Runs against `appmgmt sim` (see ../README.md).
# Keep one state per branch (a workspace or a backend key per branch): a new `branch` in the same state
# replaces the sandbox.

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

variable "branch" {
  description = "The branch the sandbox is for, e.g. from CI (letters, digits, ., _ or -)."
  type        = string

  validation {
    # It goes into names and markers: 1 to 40 letters, digits, ".", "_" or "-" (a CI slug of the branch).
    condition     = can(regex("^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$", var.branch))
    error_message = "branch must be 1 to 40 letters, digits, \".\", \"_\" or \"-\", starting with a letter or digit: use the branch's slug (e.g. CI_COMMIT_REF_SLUG)."
  }
}

variable "clone_from" {
  description = "Name of the environment each sandbox is cloned from."
  type        = string
  default     = "staging"
}

variable "application_id" {
  description = "The application launched into the sandbox (default: the simulator's demo webshop)."
  type        = string
  default     = "5f0000000000000000000a11"
}

data "appmgmt_organizations" "mine" {}

# The environment to clone, looked up by name.
data "appmgmt_environment" "base" {
  organization_id = data.appmgmt_organizations.mine.organizations[0].id
  name            = var.clone_from
}

# The public API makes environments only by cloning one, and cannot delete one: destroy only forgets the
# sandbox, with a warning saying how to delete it by hand.
resource "appmgmt_environment" "sandbox" {
  organization_id = data.appmgmt_environment.base.organization_id
  name            = "sandbox-${var.branch}"
  clone_from      = data.appmgmt_environment.base.id
  properties      = { branch = var.branch, "db-host" = "db.${var.branch}.internal", replicas = "1" }
  property_types  = { replicas = "int" }
  markers         = ["sandbox", "branch-${var.branch}"]
  policies        = file("${path.module}/../policies.yaml")
}

# Launched once the clone is online, in the same apply.
resource "appmgmt_instance" "webshop" {
  application_id = var.application_id
  environment_id = appmgmt_environment.sandbox.id
  instance_name  = "webshop-${var.branch}"
  parameters     = { "input.app-fork" = var.branch }
}

output "sandbox_id" {
  value = appmgmt_environment.sandbox.id
}

output "instance_id" {
  value = appmgmt_instance.webshop.id
}
