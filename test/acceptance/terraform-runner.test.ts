// The terraform runner of test/helpers: a missing binary fails the test with a message that says what to
// install, instead of skipping it.
import { TerraformWorkspace } from "../helpers/terraform";

describe("terraform runner", () => {
  const saved = process.env.TERRAFORM_BINARY_NAME;
  afterEach(() => {
    if (saved === undefined) delete process.env.TERRAFORM_BINARY_NAME;
    else process.env.TERRAFORM_BINARY_NAME = saved;
  });

  test("a terraform binary that cannot be found fails with a message naming it", async () => {
    process.env.TERRAFORM_BINARY_NAME = "terraform-that-is-not-installed";
    const tf = TerraformWorkspace.create({ env: {} });
    try {
      await expect(tf.init()).rejects.toThrow(
        'terraform binary "terraform-that-is-not-installed" not found on PATH: acceptance tests need Terraform >= 1.11',
      );
    } finally {
      tf.remove();
    }
  });
});
