big

