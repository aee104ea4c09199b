# Shared state in PostgreSQL with terraform's built-in `pg` backend: every pipeline job and every
# teammate plans and applies against the same state, and terraform's lock (a PostgreSQL advisory lock)
# lets only one of them change it at a time.
#
# The connection string stays out of the code: export PG_CONN_STR (the backend reads it), e.g.
#   export PG_CONN_STR="postgres://terraform@db.example.com/terraform_state?sslmode=require"
# and the password through PGPASSWORD (or a ~/.pgpass file), from your CI's secret store.
terraform {
  backend "pg" {
    # The state lives in table terraform_remote_state.states, one row per workspace.
    schema_name = "terraform_remote_state"
  }

  required_providers {
    appmgmt = {
      source  = "registry.terraform.io/appmgmt/appmgmt"
      version = "0.1.0"
    }
  }
}

# base_url and credentials come from APPMGMT_BASE_URL and APPMGMT_REFRESH_TOKEN
# (or APPMGMT_SESSION_TOKEN, APPMGMT_EMAIL + APPMGMT_PASSWORD).
provider "appmgmt" {}

variable "instances" {
  description = "Names of the webshop instances to run."
  type        = set(string)
  default     = ["shop-a", "shop-b", "shop-c"]
}

resource "appmgmt_instance" "shop" {
  for_each = var.instances

  application_id = "5f0000000000000000000a11" # the demo "webshop" application
  instance_name  = each.key
  manifest       = file("${path.module}/../hcl/webshop.yaml")

  parameters = {
    "input.app-fork" = "release-1"
  }
}

output "instance_ids" {
  value = { for name, instance in appmgmt_instance.shop : name => instance.id }
}
