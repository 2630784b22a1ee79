module fidelity

go 1.19
